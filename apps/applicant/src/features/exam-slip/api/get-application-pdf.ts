import { fetchFile, type FetchedFile } from '@/lib/download';

/** The whole application as a PDF, every section with ko/en labels. */
export function getApplicationPdf(applNo: number, onProgress?: (fraction: number) => void): Promise<FetchedFile> {
  return fetchFile(`/apply/api-auth/appl/print/${applNo}`, `application-${applNo}.pdf`, onProgress);
}
