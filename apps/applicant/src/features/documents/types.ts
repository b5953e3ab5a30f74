/** One document item of a group (docs/api-submission.md "Document view"). */
export type DocumentItem = {
  code: string;
  korName: string;
  engName: string;
  required: boolean;
  extensions: string[];
  /** bytes per extension */
  limits: Record<string, number>;
  fileKey?: string | null;
  fileName?: string | null;
  filePath?: string | null;
  size?: number;
  uploadedAt?: string | null;
};

export type DocumentGroup = {
  id: string;
  subGrp: string;
  korName: string;
  engName: string;
  documents: DocumentItem[];
};

export type EtcSlot = {
  seq: number;
  id: string | null;
  fileKey: string | null;
  fileName: string | null;
  filePath: string | null;
  orderSeq: number;
  size: number;
  uploadedAt: string | null;
};

export type DocumentView = {
  applNo: number;
  status: string;
  reviewStatus: string | null;
  isApplReviewing: boolean;
  isEtcDocumentUploadable: boolean;
  list: DocumentGroup[];
  etcList: EtcSlot[];
  etcItem?: { code: string; extensions: string[]; limits: Record<string, number> } | null;
  missing?: string[];
  /** upload answers carry the stored document */
  document?: DocumentItem;
};

/** The item rules the client pre-checks (the server decides). */
export type FileRule = { extensions: string[]; limits: Record<string, number> };

export const ETC_ITEM_CODE = '00099';
export const ETC_SLOTS = 5;
