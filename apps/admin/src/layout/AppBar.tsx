import { AppBar as RaAppBar, LoadingIndicator } from 'react-admin';
import { LocaleSwitcher } from './LocaleSwitcher';

export const AppBar = () => (
    <RaAppBar
        toolbar={
            <>
                <LocaleSwitcher />
                <LoadingIndicator />
            </>
        }
    />
);
