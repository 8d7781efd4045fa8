/** Why a report could not be read, as the machine-readable reason its document carries. */
export type ReadFailure = 'pdf_encrypted' | 'pdf_unreadable' | 'pdf_too_many_pages' | 'format_unsupported' | 'no_text_found' | 'image_unreadable' | 'csv_unreadable';

export class ReportReadError extends Error {
  constructor(readonly code: ReadFailure) {
    super(code);
    this.name = 'ReportReadError';
  }
}
