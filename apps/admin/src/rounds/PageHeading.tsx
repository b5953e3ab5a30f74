import { Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

/** The page's level-one heading for screen readers (react-admin shows the title in the app bar). */
export const PageHeading = ({ title }: { title: string }) => {
    const translate = useTranslate();
    return (
        <Typography component="h1" sx={visuallyHidden}>
            {translate(title, { smart_count: 2, _: title })}
        </Typography>
    );
};
