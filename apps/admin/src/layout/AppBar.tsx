import { AppBar as RaAppBar, LoadingIndicator, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { LocaleSwitcher } from '../components/LocaleSwitcher';

/** The user menu named by what it shows (the user id), so its accessible name holds its visible text. */
const NamedUserMenu = () => {
    const { identity } = useGetIdentity();
    return <UserMenu label={identity?.fullName ? String(identity.fullName) : 'ra.auth.user_menu'} />;
};

/** The app bar's spinner, named (axe: a progress bar needs an accessible name). */
const NamedLoadingIndicator = () => {
    const translate = useTranslate();
    return <LoadingIndicator aria-label={translate('ra.page.loading')} />;
};

export const AppBar = () => (
    <RaAppBar
        color="primary"
        userMenu={<NamedUserMenu />}
        toolbar={
            <>
                <LocaleSwitcher />
                <NamedLoadingIndicator />
            </>
        }
    />
);
