import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../locale';

/**
 * ko / en switch. The choice goes through react-admin's locale state, which
 * our store keeps in the `locale` cookie shared with the applicant app.
 */
export const LocaleSwitcher = () => {
    const translate = useTranslate();
    const [locale, setLocale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const open = Boolean(anchor);
    const current = translate(`app.locale.${locale}`, { _: locale });
    return (
        <>
            <Button
                color="inherit"
                startIcon={<TranslateIcon />}
                endIcon={<ExpandMoreIcon fontSize="small" />}
                aria-haspopup="menu"
                aria-controls={open ? 'locale-menu' : undefined}
                aria-expanded={open}
                aria-label={`${translate('app.locale.label')}: ${current}`}
                data-testid="locale-switcher"
                onClick={e => setAnchor(e.currentTarget)}
            >
                {current}
            </Button>
            <Menu id="locale-menu" anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
                {LOCALES.map(l => (
                    <MenuItem
                        key={l}
                        lang={l}
                        selected={l === locale}
                        data-testid={`locale-${l}`}
                        onClick={() => {
                            setAnchor(null);
                            if (l !== locale) setLocale(l);
                        }}
                    >
                        {translate(`app.locale.${l}`)}
                    </MenuItem>
                ))}
            </Menu>
        </>
    );
};
