import { Typography } from '@mui/material';

/** The visible h1 of a money list page (the app bar shows the title too, not as a heading). */
export const PageHeading = ({ children }: { children: string }) => (
    <Typography component="h1" variant="h6" sx={{ px: 2, pt: 1.5 }}>
        {children}
    </Typography>
);
