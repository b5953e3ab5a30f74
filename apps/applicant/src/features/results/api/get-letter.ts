import { fetchFile, type FetchedFile } from '@/lib/download';

/**
 * The admission letter PDF of an admitted application, in the language
 * asked (the server renders it in Korean or English).
 */
export function getLetter(applNo: number, language: string, onProgress?: (fraction: number) => void): Promise<FetchedFile> {
  return fetchFile(`/apply/api-auth/appl/results/${applNo}/letter`, `admission-${applNo}.pdf`, onProgress, language === 'en' ? 'en' : 'ko');
}
