import { AppBar as RaAppBar, LoadingIndicator, UserMenu, useGetIdentity } from 'react-admin';
import { LocaleSwitcher } from '../components/LocaleSwitcher';

/** The user menu named by what it shows (the user id), so its accessible name holds its visible text. */
const NamedUserMenu = () => {
    const { identity } = useGetIdentity();
    return <UserMenu label={identity?.fullName ? String(identity.fullName) : 'ra.auth.user_menu'} />;
};

export const AppBar = () => (
    <RaAppBar
        userMenu={<NamedUserMenu />}
        toolbar={
            <>
                <LocaleSwitcher />
                <LoadingIndicator />
            </>
        }
    />
);
