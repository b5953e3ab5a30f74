import type { ReactNode } from 'react';
import { Typography, type SxProps, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

const LOOKS = {
    /** For screen readers only: react-admin's views show their title in the app bar. */
    hidden: { variant: undefined, sx: visuallyHidden, gutterBottom: false },
    /** Visible above a react-admin list (the money and refund lists). */
    list: { variant: 'h6', sx: { px: 2, pt: 1.5 }, gutterBottom: false },
    /** Visible at the top of a custom page's card. */
    page: { variant: 'h5', sx: undefined, gutterBottom: true },
} as const;

/**
 * The page's one level-one heading, on every page: title is a translation
 * key (a resource name reads in the plural); children are shown as given
 * (a text already translated, a record's own words, a badge).
 */
export const PageHeading = ({
    title,
    variant = 'hidden',
    sx,
    children,
}: {
    title?: string;
    variant?: keyof typeof LOOKS;
    sx?: SxProps<Theme>;
    children?: ReactNode;
}) => {
    const translate = useTranslate();
    const look = LOOKS[variant];
    return (
        <Typography component="h1" variant={look.variant} gutterBottom={look.gutterBottom} sx={[look.sx ?? {}, ...(Array.isArray(sx) ? sx : [sx ?? {}])] as SxProps<Theme>}>
            {title !== undefined && translate(title, { smart_count: 2, _: title })}
            {children}
        </Typography>
    );
};
