import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentView } from '../types';
import { documentsKey } from './get-documents';

/** Answers the document view with the new `status` and `reviewStatus`. */
export function deleteDocument(applNo: number, fileKey: string): Promise<DocumentView> {
  return api.delete<DocumentView>(`/apply/api-auth/appl/doc/${applNo}`, { params: { fileKey } });
}

export function useDeleteDocument(applNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileKey: string) => deleteDocument(applNo, fileKey),
    onSuccess: (view) => {
      queryClient.setQueryData(documentsKey(applNo), view);
    },
  });
}
