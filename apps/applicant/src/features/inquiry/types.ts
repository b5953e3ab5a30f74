export const INQUIRY_TYPES = ['application', 'payment', 'recommendation', 'account', 'other'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export type InquiryStatus = 'waiting' | 'answered' | 'closed';

export type InquiryPost = { staff: boolean; body: string; at: string };

/** One inquiry as the member sees it (the list leaves out body and posts). */
export type Inquiry = {
  id: number;
  userId: string;
  type: InquiryType;
  title: string;
  body?: string;
  schoolCode: string;
  status: InquiryStatus;
  unread: boolean;
  createdAt: string;
  updatedAt: string;
  answers: number;
  file: { name: string; size: number; path: string } | null;
  posts?: InquiryPost[];
};

export type SchoolChoice = { schoolCode: string; korName: string; engName: string; applied: boolean };
