import englishMessages from 'ra-language-english';
import spectrumKorean from '@spectrum/ra-language-korean';
import type { TranslationMessages } from 'react-admin';
import { enBackoffice, koBackoffice } from '../backoffice/messages';
import { enReader, koReader } from '../backoffice/readerMessages';
import { enHealth, koHealth } from '../health/messages';
import { enHelpdesk, koHelpdesk } from '../helpdesk/messages';
import { enInquiry, koInquiry } from '../inquiry/messages';
import { enMoney, koMoney } from '../money/messages';
import { enEvaluation, koEvaluation } from '../officers/evaluation/messages';
import { enPages, koPages } from '../pages/messages';
import { enRefunds, koRefunds } from '../refunds/messages';
import { enRounds, koRounds } from '../rounds/messages';
import { enSurveys, koSurveys } from '../surveys/messages';
import { enUsers, koUsers } from '../users/messages';
import { enDecisions, koDecisions } from '../officers/decisions/messages';
import { enNotices, koNotices } from '../officers/notices/messages';
import { mergeMessages, overlay } from './merge';
import { enShell, koShell } from './messages';
import { raKoreanCompletion } from './raKoreanCompletion';

/**
 * The one layout of the app's texts: each area keeps its own in
 * <area>/messages.ts, Korean and English side by side with the same keys
 * (ko<Area>, and en<Area> typed by it). Listed here, in no particular order.
 */
export const MESSAGE_MODULES: Record<string, { ko: object; en: object }> = {
    shell: { ko: koShell, en: enShell },
    health: { ko: koHealth, en: enHealth },
    users: { ko: koUsers, en: enUsers },
    pages: { ko: koPages, en: enPages },
    rounds: { ko: koRounds, en: enRounds },
    surveys: { ko: koSurveys, en: enSurveys },
    money: { ko: koMoney, en: enMoney },
    refunds: { ko: koRefunds, en: enRefunds },
    backoffice: { ko: koBackoffice, en: enBackoffice },
    reader: { ko: koReader, en: enReader },
    helpdesk: { ko: koHelpdesk, en: enHelpdesk },
    inquiry: { ko: koInquiry, en: enInquiry },
    evaluation: { ko: koEvaluation, en: enEvaluation },
    decisions: { ko: koDecisions, en: enDecisions },
    notices: { ko: koNotices, en: enNotices },
};

const modules = Object.values(MESSAGE_MODULES);

/** The app's own texts (not react-admin's), joined: a key given twice throws here. */
export const koApp = mergeMessages(...modules.map(m => m.ko));
export const enApp = mergeMessages(...modules.map(m => m.en));

/**
 * react-admin in Korean: the community pack over English (so nothing is
 * ever missing at run time), then our completion and corrections on top.
 * The i18n test checks the Korean sources alone cover every English key.
 */
export const koReactAdmin = overlay(overlay(englishMessages, spectrumKorean as TranslationMessages), raKoreanCompletion) as TranslationMessages;

/** Each language's whole catalogue: react-admin's texts and ours, which may not redefine any of them. */
export const koMessages = mergeMessages(koReactAdmin, koApp) as TranslationMessages;
export const enMessages = mergeMessages(englishMessages, enApp) as TranslationMessages;
