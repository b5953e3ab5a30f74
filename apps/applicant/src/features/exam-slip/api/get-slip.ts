import { fetchFile, type FetchedFile } from '@/lib/download';

/** The admission slip PDF (409 slip.not_ready before COMPLETE). */
export function getSlip(applNo: number, onProgress?: (fraction: number) => void): Promise<FetchedFile> {
  return fetchFile(`/apply/api-auth/appl/slip/${applNo}`, `slip-${applNo}.pdf`, onProgress);
}
