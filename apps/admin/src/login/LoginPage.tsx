import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useAuthProvider, useLogin, useNavigate, useTranslate } from 'react-admin';
import { LocaleSwitcher } from '../components/LocaleSwitcher';
import { LoginError, NOT_ADMIN, SESSION_ENDED, type RefusalReason } from '../authProvider';
import { PageHeading } from '../components/PageHeading';

/** What the alert says: a translation key, or a text the server already localised. */
type Problem = { key: string; code?: string } | { text: string; code?: string };

/**
 * Sign-in for the back office with the same account as the applicant site.
 * Fields are name="userId" and name="password" (as the API names them).
 * A signed-in applicant arriving here is told they have no admin rights.
 */
export const LoginPage = () => {
    const translate = useTranslate();
    const authProvider = useAuthProvider();
    const login = useLogin();
    const navigate = useNavigate();
    const [userId, setUserId] = useState('');
    const [password, setPassword] = useState('');
    const [busy, setBusy] = useState(false);
    const [problem, setProblem] = useState<Problem | null>(null);

    useEffect(() => {
        let live = true;
        authProvider
            ?.checkAuth({})
            .then(() => live && navigate('/'))
            .catch((error: { reason?: RefusalReason }) => {
                if (!live) return;
                if (error?.reason === 'not_admin') setProblem({ key: NOT_ADMIN, code: 'not_admin' });
                else if (error?.reason === 'expired') setProblem({ key: SESSION_ENDED });
            });
        return () => {
            live = false;
        };
    }, [authProvider, navigate]);

    const submit = async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!userId.trim() || !password) {
            setProblem({ key: 'app.auth.required' });
            return;
        }
        setBusy(true);
        setProblem(null);
        try {
            await login({ userId, password });
        } catch (error) {
            setPassword('');
            if (error instanceof LoginError) {
                if (error.message === NOT_ADMIN) setProblem({ key: NOT_ADMIN, code: 'not_admin' });
                else if (error.code === 'captcha.required')
                    setProblem({ key: 'app.auth.captcha_required', code: 'captcha.required' });
                else setProblem({ text: error.message, code: error.code });
            } else {
                setProblem({ key: (error as Error)?.message || 'ra.auth.sign_in_error' });
            }
        } finally {
            setBusy(false);
        }
    };

    const message = problem ? ('key' in problem ? translate(problem.key, { _: problem.key }) : problem.text) : '';

    return (
        <Box
            component="main"
            sx={{
                minHeight: '100vh',
                display: 'flex',
                alignItems: { xs: 'flex-start', sm: 'center' },
                justifyContent: 'center',
                bgcolor: 'grey.100',
                px: 2,
                pt: { xs: 4, sm: 0 },
            }}
        >
            <Card sx={{ width: '100%', maxWidth: 400 }}>
                <CardContent>
                    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                        <LocaleSwitcher />
                    </Stack>
                    <Stack spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
                        <Avatar sx={{ bgcolor: 'secondary.main' }}>
                            <LockIcon />
                        </Avatar>
                        <PageHeading title="app.auth.heading" variant="page" sx={{ mb: 0 }} />
                        <Typography variant="body2" color="text.secondary">
                            {translate('app.title')}
                        </Typography>
                    </Stack>
                    {problem && (
                        <Alert
                            severity={problem.code === 'not_admin' ? 'warning' : 'error'}
                            role="alert"
                            data-testid="login-error"
                            data-code={problem.code ?? ''}
                            sx={{ mb: 2 }}
                        >
                            {message}
                            {problem.code === 'not_admin' && (
                                <Typography variant="body2" sx={{ mt: 0.5 }}>
                                    {translate('app.auth.not_admin_hint')}{' '}
                                    <Link href="/">{translate('app.auth.applicant_site')}</Link>
                                </Typography>
                            )}
                            {problem.code === 'captcha.required' && (
                                <Typography variant="body2" sx={{ mt: 0.5 }}>
                                    <Link href="/user/login">{translate('app.auth.main_login')}</Link>
                                </Typography>
                            )}
                        </Alert>
                    )}
                    <Box component="form" noValidate onSubmit={submit} aria-busy={busy}>
                        <TextField
                            id="userId"
                            name="userId"
                            label={translate('app.auth.user_id')}
                            value={userId}
                            onChange={e => setUserId(e.target.value)}
                            autoComplete="username"
                            autoFocus
                            required
                            fullWidth
                            margin="normal"
                            disabled={busy}
                            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 64 } }}
                        />
                        <TextField
                            id="password"
                            name="password"
                            type="password"
                            label={translate('app.auth.password')}
                            value={password}
                            onChange={e => setPassword(e.target.value)}
                            autoComplete="current-password"
                            required
                            fullWidth
                            margin="normal"
                            disabled={busy}
                        />
                        <Button
                            type="submit"
                            variant="contained"
                            fullWidth
                            size="large"
                            disabled={busy}
                            data-testid="login-submit"
                            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
                            sx={{ mt: 2 }}
                        >
                            {translate(busy ? 'app.auth.signing_in' : 'app.auth.sign_in')}
                        </Button>
                    </Box>
                </CardContent>
            </Card>
        </Box>
    );
};
