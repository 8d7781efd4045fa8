import { Upload, type PreviousUpload } from 'tus-js-client';
import { storage } from '@oncodesk/shared';
import { vaultApi } from '../api/vault';

export interface TusHandle {
  abort(): void;
}

export interface TusCallbacks {
  onProgress(sent: number, total: number): void;
  onSuccess(): void;
  /** The server's error code and translated message when it sent one (our JSON error body). */
  onError(code: string | null, message: string): void;
}

/** Reads `{error:{code,message}}` from a failed tus response, if the server sent one. */
function serverError(error: unknown): { code: string | null; message: string } {
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { error?: { code?: string; message?: string } };
    if (body.error?.code) return { code: body.error.code, message: body.error.message ?? body.error.code };
  } catch {
    /* not our JSON: a network failure or a proxy page */
  }
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Uploads one file with tus. The fingerprint (name, size, modification time, target folder) is kept in
 * localStorage until success, so after a dropped connection the client retries from the server's offset,
 * and after a page reload picking the same file again resumes instead of starting over.
 */
export function startTusUpload(file: File, parentId: string | null, callbacks: TusCallbacks): TusHandle {
  const upload = new Upload(file, {
    endpoint: vaultApi.uploadEndpoint(),
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    // 50 MB requests: a dropped connection costs at most one chunk, and proxies with body limits cope.
    chunkSize: 50 * 1024 * 1024,
    metadata: { filename: file.name, parentId: parentId ?? '' },
    headers: { Authorization: `Bearer ${storage.get('jwt') ?? ''}`, 'Accept-Language': storage.get('language') },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f) => ['oncodesk-vault', f.name, f.size, (f as File).lastModified, parentId ?? 'root'].join(':'),
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => {
      const { code, message } = serverError(error);
      callbacks.onError(code, message);
    },
    // The server's refusals (4xx) are final; only network trouble and 5xx are worth retrying.
    onShouldRetry: (error) => {
      const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
      return status === 0 || status === 409 || status === 423 || status >= 500;
    },
  });
  void upload.findPreviousUploads().then((previous: PreviousUpload[]) => {
    if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return { abort: () => void upload.abort(true) };
}
