import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DocumentsPanel } from './documents-panel';

const view = (withTranscript: boolean, status = 'FILE_SAVE') => ({
  applNo: 41,
  status,
  reviewStatus: null,
  isApplReviewing: false,
  isEtcDocumentUploadable: true,
  list: [
    {
      id: 'acad', subGrp: 'acad', korName: '학력 서류', engName: 'Academic documents',
      documents: [
        {
          code: '00003', korName: '성적증명서', engName: 'Academic transcript', required: true, extensions: ['pdf'], limits: { pdf: 1024 },
          ...(withTranscript ? { fileKey: 'k1', fileName: '성적증명서.pdf', filePath: '/apply/api-auth/appl/doc/file/41/k1', size: 10 } : {}),
        },
        { code: '00004', korName: '어학 성적', engName: 'Language', required: false, extensions: ['pdf', 'jpg'], limits: { pdf: 1024, jpg: 512 } },
      ],
    },
  ],
  etcList: [1, 2, 3, 4, 5].map((seq) => ({ seq, id: null, fileKey: null, fileName: null, filePath: null, orderSeq: seq, size: 0, uploadedAt: null })),
  etcItem: { code: '00099', extensions: ['pdf'], limits: { pdf: 1024 } },
  missing: withTranscript ? [] : ['00003'],
});

describe('DocumentsPanel', () => {
  it('shows groups, rules, 5 extra slots; a pre-check refusal stays at the item; delete replaces the status', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        expect(url).toContain('fileKey=k1');
        return jsonResponse(view(false, 'ADD_INFO_SAVE'));
      }
      return jsonResponse(view(true));
    });
    vi.stubGlobal('fetch', fetchMock);
    const onStatus = vi.fn();
    renderWithProviders(<DocumentsPanel applNo={41} onStatusChange={onStatus} />);
    await screen.findByTestId('documents-panel');
    expect(screen.getByTestId('doc-group-acad')).toBeTruthy();
    expect(screen.getByTestId('doc-file-00003').textContent).toContain('성적증명서.pdf');
    expect(screen.getByTestId('doc-rules-00004').textContent).toContain('pdf, jpg');
    for (let i = 1; i <= 5; i++) expect(screen.getByTestId(`doc-item-etc-${i}`)).toBeTruthy();

    const input = screen.getByTestId('doc-input-00004') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([], 'empty.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByTestId('doc-error-00004')).textContent).not.toBe('');

    // deleting asks first (issue 8, defect 4): cancel sends nothing
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;
    fireEvent.click(screen.getByTestId('doc-delete-00003'));
    const dialog = await screen.findByRole('dialog', { name: '서류를 삭제할까요?' });
    expect(dialog.textContent).toContain('성적증명서.pdf');
    expect(deletes()).toBe(0);
    fireEvent.click(screen.getByTestId('doc-delete-cancel-00003'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toBe(0);
    expect(screen.getByTestId('doc-item-00003').getAttribute('data-has-file')).toBe('true');

    fireEvent.click(screen.getByTestId('doc-delete-00003'));
    fireEvent.click(await screen.findByTestId('doc-delete-confirm-00003'));
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith({ status: 'ADD_INFO_SAVE', reviewStatus: null, isApplReviewing: false }));
    await waitFor(() => expect(screen.getByTestId('documents-panel').getAttribute('data-status')).toBe('ADD_INFO_SAVE'));
    expect(screen.getByTestId('doc-item-00003').getAttribute('data-has-file')).toBe('false');
    expect(deletes()).toBe(1);
  });

  it('read-only shows no upload or delete', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(view(true))));
    renderWithProviders(<DocumentsPanel applNo={41} readOnly />);
    await screen.findByTestId('documents-panel');
    expect(screen.queryByTestId('doc-input-00003')).toBeNull();
    expect(screen.queryByTestId('doc-delete-00003')).toBeNull();
    expect(screen.queryByTestId('documents-save')).toBeNull();
    expect(screen.getByTestId('doc-download-00003')).toBeTruthy();
  });

  // seed section 8's four texts, defined and never shown before issue 21
  it('says "upload every file" at Save while a required document is missing, and sends nothing', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(view(false)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DocumentsPanel applNo={41} />);
    await screen.findByTestId('documents-panel');
    fireEvent.click(screen.getByTestId('documents-save'));
    expect((await screen.findByTestId('documents-save-error')).textContent).toBe('모든 파일이 업로드되었는지 확인해 주세요.');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('says "save failed" when the save does not reach the server', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return jsonResponse(view(true));
    }));
    renderWithProviders(<DocumentsPanel applNo={41} />);
    await screen.findByTestId('documents-panel');
    fireEvent.click(screen.getByTestId('documents-save'));
    expect((await screen.findByTestId('documents-save-error')).textContent).toBe('저장에 실패했습니다.');
  });

  it('says "delete failed" at the document when the delete fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') throw new TypeError('Failed to fetch');
      return jsonResponse(view(true));
    }));
    renderWithProviders(<DocumentsPanel applNo={41} />);
    await screen.findByTestId('documents-panel');
    fireEvent.click(screen.getByTestId('doc-delete-00003'));
    fireEvent.click(await screen.findByTestId('doc-delete-confirm-00003'));
    expect((await screen.findByTestId('doc-error-00003')).textContent).toBe('삭제에 실패했습니다.');
    expect(screen.getByTestId('doc-item-00003').getAttribute('data-has-file')).toBe('true');
  });

  it('says "image preview failed" at the document when its preview cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.includes('/appl/doc/file/')) return jsonResponse({ status: 500, message: 'x' }, 500);
      return jsonResponse(view(true));
    }));
    renderWithProviders(<DocumentsPanel applNo={41} />);
    await screen.findByTestId('documents-panel');
    fireEvent.click(screen.getByTestId('doc-preview-00003'));
    expect((await screen.findByTestId('doc-error-00003')).textContent).toBe('이미지 미리보기에 실패했습니다.');
  });
});
