/** Why a report could not be read, as the machine-readable reason its document carries. */
export type ReadFailure =
  | 'pdf_encrypted'
  | 'pdf_unreadable'
  | 'pdf_too_many_pages'
  | 'format_unsupported'
  | 'no_text_found'
  | 'image_unreadable'
  /** The image declares more pixels than a reading may decode (image.ts). */
  | 'image_too_large'
  | 'csv_unreadable'
  /** The CSV file is over the byte or row cap (extract/csv.ts). */
  | 'csv_too_large'
  /** A pasted text report over the byte or line cap (extract/text.ts). */
  | 'text_too_large'
  /** The reading process ended without an answer (a crash in native decoding). */
  | 'reading_crashed'
  /** The reading took longer than its time limit and was stopped. */
  | 'reading_timed_out'
  /** The reading used more memory than its limit and was stopped. */
  | 'reading_too_large'
  /** The reading was started twice and the server stopped during both: it is not tried again. */
  | 'reading_interrupted';

export class ReportReadError extends Error {
  constructor(readonly code: ReadFailure) {
    super(code);
    this.name = 'ReportReadError';
  }
}
