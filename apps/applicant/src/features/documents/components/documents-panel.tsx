import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import { fetchFile, openBlob, saveBlob } from '@/lib/download';
import { showToast } from '@/lib/notifications';
import { useDocuments } from '../api/get-documents';
import { refusalMessage, useUploadDocument } from '../api/upload-document';
import { useDeleteDocument } from '../api/delete-document';
import { useSaveDocuments } from '../api/save-documents';
import { formatBytes, preCheck } from '../utils/pre-check';
import { ETC_ITEM_CODE, type DocumentView, type FileRule } from '../types';

export type DocumentsStatus = Pick<DocumentView, 'status' | 'reviewStatus' | 'isApplReviewing'>;

export type DocumentsPanelProps = {
  applNo: number;
  readOnly?: boolean;
  /** the application's status after an upload, a delete or the save */
  onStatusChange?: (status: DocumentsStatus) => void;
};

/** One row: a document item or an extra slot. */
type Slot = {
  key: string;
  itemCode: string;
  seq?: number;
  title: string;
  required: boolean;
  rule: FileRule;
  fileKey?: string | null;
  fileName?: string | null;
  filePath?: string | null;
  size?: number;
};

/** The FILE_SAVE step: document groups of the school and round, uploads with progress, extra slots. */
export function DocumentsPanel({ applNo, readOnly = false, onStatusChange }: DocumentsPanelProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const docs = useDocuments(applNo);
  const queryClient = useQueryClient();
  const save = useSaveDocuments(applNo);
  const [saveError, setSaveError] = useState<string | null>(null);

  const changed = (view: DocumentView) => {
    onStatusChange?.({ status: view.status, reviewStatus: view.reviewStatus, isApplReviewing: view.isApplReviewing });
    void queryClient.invalidateQueries({ queryKey: ['application', applNo], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['applications'] });
  };

  if (docs.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (docs.isError || !docs.data) return <Alert severity="error">{t('documents.loadFailed')}</Alert>;
  const view = docs.data;
  const missing = new Set(view.missing ?? []);
  const etcRule: FileRule = view.etcItem ?? { extensions: [], limits: {} };

  const onSave = () => {
    setSaveError(null);
    // a required document still missing (the server's list): say so here, with
    // the spec's text, and lead to the first one (seed section 8)
    if (missing.size > 0) {
      setSaveError(t('error.checkFiles'));
      const first = document.querySelector<HTMLElement>(`[data-testid="doc-item-${[...missing][0]}"]`);
      first?.scrollIntoView?.({ block: 'center' });
      return;
    }
    save.mutate(undefined, {
      onSuccess: (v) => {
        changed(v);
        showToast(t('documents.saved'), 'success');
      },
      onError: (e) => setSaveError(e instanceof ApiError && e.fields.documents ? e.fields.documents : t('error.saveFailed')),
    });
  };

  return (
    <Box data-testid="documents-panel" data-status={view.status}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('documents.intro')}
      </Typography>
      <Stack spacing={3}>
        {view.list.map((g) => (
          <Box key={g.id} data-testid={`doc-group-${g.id}`}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
              {en ? g.engName : g.korName}
            </Typography>
            <Stack spacing={1.5}>
              {g.documents.map((d) => (
                <SlotRow
                  key={d.code}
                  applNo={applNo}
                  readOnly={readOnly}
                  missing={missing.has(d.code)}
                  onChanged={changed}
                  slot={{
                    key: d.code,
                    itemCode: d.code,
                    title: en ? d.engName : d.korName,
                    required: d.required,
                    rule: { extensions: d.extensions, limits: d.limits },
                    fileKey: d.fileKey,
                    fileName: d.fileName,
                    filePath: d.filePath,
                    size: d.size,
                  }}
                />
              ))}
            </Stack>
          </Box>
        ))}
        {view.isEtcDocumentUploadable && (
          <Box data-testid="doc-group-etc">
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
              {t('documents.etcTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('documents.etcHelp', { count: view.etcList.length })}
            </Typography>
            <Stack spacing={1.5}>
              {view.etcList.map((s) => (
                <SlotRow
                  key={`etc-${s.seq}`}
                  applNo={applNo}
                  readOnly={readOnly}
                  missing={false}
                  onChanged={changed}
                  slot={{
                    key: `etc-${s.seq}`,
                    itemCode: view.etcItem?.code ?? ETC_ITEM_CODE,
                    seq: s.seq,
                    title: t('documents.etcSlot', { seq: s.seq }),
                    required: false,
                    rule: etcRule,
                    fileKey: s.fileKey,
                    fileName: s.fileName,
                    filePath: s.filePath,
                    size: s.size,
                  }}
                />
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
      {!readOnly && (
        <Box sx={{ mt: 3 }}>
          {saveError && (
            <Alert severity="error" sx={{ mb: 1 }} data-testid="documents-save-error" role="alert">
              {saveError}
            </Alert>
          )}
          <Button variant="contained" onClick={onSave} disabled={save.isPending} data-testid="documents-save" fullWidth>
            {t('documents.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function SlotRow({ applNo, slot, readOnly, missing, onChanged }: { applNo: number; slot: Slot; readOnly: boolean; missing: boolean; onChanged: (v: DocumentView) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(applNo);
  const remove = useDeleteDocument(applNo);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = slot.key;
  const accept = slot.rule.extensions.map((e) => `.${e}`).join(',');
  const limits = slot.rule.extensions
    .filter((e) => slot.rule.limits[e] !== undefined)
    .map((e) => `${e} ${formatBytes(slot.rule.limits[e])}`)
    .join(' · ');

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const pre = preCheck(file, slot.rule);
    if (pre) {
      setError(t(pre.key, pre.values));
      return;
    }
    setProgress(0);
    upload.mutate(
      { itemCode: slot.itemCode, seq: slot.seq, file, onProgress: setProgress },
      {
        onSuccess: (v) => {
          setProgress(1);
          onChanged(v);
          showToast(t('documents.uploaded'), 'success');
        },
        onError: (e) => {
          setProgress(null);
          setError(refusalMessage(e, t));
        },
      },
    );
  };

  // deleting is asked first: the file cannot be brought back
  const onDelete = () => {
    if (!slot.fileKey) return;
    setError(null);
    remove.mutate(slot.fileKey, {
      onSuccess: (v) => {
        setConfirmDelete(false);
        onChanged(v);
        showToast(t('documents.deleted'), 'success');
      },
      onError: () => {
        setConfirmDelete(false);
        setError(t('error.deleteFailed'));
      },
    });
  };

  const get = async (preview: boolean) => {
    if (!slot.filePath) return;
    setError(null);
    try {
      const f = await fetchFile(slot.filePath, slot.fileName ?? 'download');
      if (preview) openBlob(f);
      else saveBlob(f);
    } catch {
      // a download's failure is the toast's; a preview's is said at the item
      if (preview) setError(t('error.previewFailed'));
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: missing && !readOnly ? 'warning.main' : undefined }}
      data-testid={`doc-item-${id}`}
      data-has-file={slot.fileKey ? 'true' : 'false'}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {slot.title}
            </Typography>
            <Chip size="small" label={slot.required ? t('documents.required') : t('documents.optional')} color={slot.required ? 'error' : 'default'} variant="outlined" />
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div" data-testid={`doc-rules-${id}`}>
            {t('documents.allowed', { extensions: slot.rule.extensions.join(', ') })}
            {limits ? ` (${limits})` : ''}
          </Typography>
          {slot.fileName && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all', mt: 0.5 }} data-testid={`doc-file-${id}`}>
              {slot.fileName}
              {slot.size ? ` · ${formatBytes(slot.size)}` : ''}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }}>
          {slot.filePath && (
            <>
              <Button size="small" onClick={() => void get(true)} data-testid={`doc-preview-${id}`}>
                {t('documents.preview')}
              </Button>
              <Button size="small" onClick={() => void get(false)} data-testid={`doc-download-${id}`}>
                {t('documents.download')}
              </Button>
            </>
          )}
          {!readOnly && (
            <>
              {/* A real button that opens the hidden file input (a label with role=button is invalid ARIA). */}
              <Button size="small" variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending} data-testid={`doc-upload-${id}`}>
                {slot.fileKey ? t('documents.replace') : t('documents.upload')}
              </Button>
              <input
                ref={input}
                hidden
                type="file"
                accept={accept}
                data-testid={`doc-input-${id}`}
                onChange={(e) => {
                  onFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {slot.fileKey && (
                <Button size="small" color="error" onClick={() => setConfirmDelete(true)} disabled={remove.isPending} data-testid={`doc-delete-${id}`}>
                  {t('documents.delete')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('documents.progress', { percent: Math.round(progress * 100) })}
            data-testid={`doc-progress-${id}`}
            data-progress={Math.round(progress * 100)}
          />
          <Typography variant="caption">{t('documents.progress', { percent: Math.round(progress * 100) })}</Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`doc-error-${id}`} role="alert">
          {error}
        </Alert>
      )}
      <Dialog
        open={confirmDelete}
        onClose={() => !remove.isPending && setConfirmDelete(false)}
        aria-labelledby={`doc-delete-title-${id}`}
        aria-describedby={`doc-delete-body-${id}`}
        data-testid={`doc-delete-dialog-${id}`}
      >
        <DialogTitle id={`doc-delete-title-${id}`}>{t('flow.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`doc-delete-body-${id}`}>{t('flow.deleteBody', { name: slot.fileName ?? slot.title })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirmDelete(false)} disabled={remove.isPending} data-testid={`doc-delete-cancel-${id}`}>
            {t('flow.deleteCancel')}
          </Button>
          <Button color="error" variant="contained" onClick={onDelete} disabled={remove.isPending} data-testid={`doc-delete-confirm-${id}`}>
            {t('flow.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {missing && !readOnly && !slot.fileKey && !error && (
        <Typography variant="caption" color="warning.main" data-testid={`doc-missing-${id}`}>
          {t('documents.missing')}
        </Typography>
      )}
    </Paper>
  );
}
