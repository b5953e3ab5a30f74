import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentView } from '../types';
import { documentsKey } from './get-documents';

/** FILE_SAVE (a POST: it changes state): 400 with fields.documents while a required item has no file. */
export function saveDocuments(applNo: number): Promise<DocumentView> {
  return api.post<DocumentView>(`/apply/api-auth/appl/doc/save/${applNo}`);
}

export function useSaveDocuments(applNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => saveDocuments(applNo),
    onSuccess: (view) => {
      queryClient.setQueryData(documentsKey(applNo), view);
    },
  });
}
