/** The survey shapes of docs/api-apply.md and docs/api-surveys.md: the SURVEY
 * step of an application and the site surveys ask the same questions. */

export type SurveyItem = { itemCode: string; korValue: string; engValue: string; hasComment: boolean };
export type SurveyQuestion = {
  questionCode: string;
  parentCode: string;
  depth: number;
  isLeaf: boolean;
  inputType: 'radio' | 'checkbox' | 'text' | 'textarea';
  korText: string;
  engText: string;
  required: boolean;
  items: SurveyItem[] | null;
};

/** One answer as the server takes and gives it: one entry per ticked item. */
export type SurveyAnswerDto = {
  questionCode: string;
  itemCode: string;
  answer: string;
  comment: string;
  inputType?: string;
  isLeaf?: boolean;
  depth?: number;
  subQuestion?: string;
  subAnswer?: string;
};
