import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from './router';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/notifications';

// The real widget solves proof-of-work in workers (not in jsdom): a stand-in
// that reports a solved payload once mounted.
vi.mock('@/components/altcha/altcha-widget', async () => {
  const { useEffect } = await import('react');
  return {
    AltchaWidget: ({ onChange }: { onChange: (p: string | null) => void }) => {
      useEffect(() => onChange('solved-payload'), [onChange]);
      return <div data-testid="altcha" />;
    },
  };
});


beforeAll(async () => {
  await Promise.all([
    import('./routes/home'),
    import('./routes/login'),
    import('./routes/agree'),
    import('./routes/register'),
    import('./routes/logout'),
    import('@/components/coming-soon'),
    import('./routes/appl-agree'),
  ]);
});

const fetchMock = vi.fn<typeof fetch>();
type Handler = (body: unknown, url: string) => Response;
let handlers: Record<string, Handler> = {};

beforeEach(() => {
  handlers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const h = handlers[key];
    return h ? h(body, url) : jsonResponse({ status: 404, message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

describe('login', () => {
  it('signs in, stores the user and goes home', async () => {
    handlers['POST /user/api/login'] = (body) => {
      expect(body).toEqual({ userId: 'kim1', password: 'Secret123' });
      return jsonResponse({ accessToken: 't', user: { userId: 'kim1', roles: ['ROLE_USER'], schoolCode: null } });
    };
    const { router } = renderRoutes(routes, ['/user/login']);
    await screen.findByTestId('login-submit');
    type('userId', 'kim1');
    type('password', 'Secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()?.userId).toBe('kim1');
    expect(screen.getByTestId('nav-user').textContent).toContain('kim1');
  });

  it('shows the server message inline on a failed login (no toast over the title on a phone) and stays on the page', async () => {
    handlers['POST /user/api/login'] = () =>
      jsonResponse({ status: 401, code: 'login.failed', message: '아이디 또는 비밀번호가 올바르지 않습니다.' }, 401);
    const { router } = renderRoutes(routes, ['/user/login']);
    await screen.findByTestId('login-submit');
    type('userId', 'kim1');
    type('password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(toastStore.get()).toBeNull();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('shows the captcha when the server asks for it and sends its payload', async () => {
    let calls = 0;
    handlers['POST /user/api/login'] = (body) => {
      calls += 1;
      if (calls === 1) {
        return jsonResponse(
          { status: 400, code: 'captcha.required', captchaRequired: true, message: '자동입력 방지 확인이 필요합니다.' },
          400,
        );
      }
      expect(body).toMatchObject({ altcha: 'solved-payload' });
      return jsonResponse({ accessToken: 't', user: { userId: 'kim1', roles: ['ROLE_USER'] } });
    };
    const { router } = renderRoutes(routes, ['/user/login']);
    await screen.findByTestId('login-submit');
    expect(screen.queryByTestId('altcha')).toBeNull();
    type('userId', 'kim1');
    type('password', 'Secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('altcha')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('requires both fields before calling the server', async () => {
    renderRoutes(routes, ['/user/login']);
    await screen.findByTestId('login-submit');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findAllByText('필수 입력 항목입니다.')).length).toBe(2);
    expect(fetchMock).not.toHaveBeenCalledWith('/user/api/login', expect.anything());
  });
});

// the password rule as the server serves core's (GET /apply/api/form-rules)
const servedPasswordRule = { minLength: 8, maxLength: 16, pattern: '^[\\x21-\\x7E]+$', required: ['[a-z]', '[A-Z]', '[0-9]'] };
const passwordRuleText = '비밀번호는 8~16자이며 영문 소문자·대문자·숫자를 각각 하나 이상 포함해야 합니다.';

describe('agree and register', () => {
  // the user-id and password rules are the server's (GET /apply/api/form-rules)
  let userIdRule = { minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' };
  let passwordRule = servedPasswordRule;
  beforeEach(() => {
    userIdRule = { minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' };
    passwordRule = servedPasswordRule;
    handlers['GET /apply/api/form-rules'] = () =>
      jsonResponse({ koreaCode: '410', g20Countries: [], g20None: 'NONE', passportNone: 'N/A', visaNone: '00999', visaOther: '00099', maxFamily: 10, userId: userIdRule, password: passwordRule });
  });

  async function goToRegister() {
    const view = renderRoutes(routes, ['/user/agree']);
    await screen.findByTestId('agree-next');
    fireEvent.click(screen.getByTestId('agree-next'));
    expect(screen.getByTestId('agree-error').textContent).toBe('이용약관과 개인정보 수집·이용에 모두 동의해 주세요.');
    fireEvent.click(input('agreeTerms'));
    fireEvent.click(input('agreePrivacy'));
    fireEvent.click(screen.getByTestId('agree-next'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user/register'));
    await screen.findByTestId('register-submit');
    return view;
  }

  function fillRegister() {
    type('userId', 'newuser1');
    type('email', 'new@example.com');
    type('code', '123456');
    type('password', 'Secret123');
    type('passwordConfirm', 'Secret123');
  }

  it('signs up with the agreements and the captcha payload, then goes to login without signing in', async () => {
    let sent: unknown;
    handlers['POST /user/api/sign-up'] = (body) => {
      sent = body;
      return jsonResponse({ userId: 'newuser1' }, 201);
    };
    const { router } = await goToRegister();
    fillRegister();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(sent).toEqual({
      userId: 'newuser1',
      email: 'new@example.com',
      password: 'Secret123',
      code: '123456',
      agreeTerms: true,
      agreePrivacy: true,
      altcha: 'solved-payload',
    });
    expect(toastStore.get()).toMatchObject({ severity: 'success', message: '회원가입이 완료되었습니다. 로그인해 주세요.' });
    expect(sessionStore.get()).toBeNull();
  });

  it('shows the server field errors at the fields', async () => {
    handlers['POST /user/api/sign-up'] = () =>
      jsonResponse(
        {
          status: 400,
          code: 'validation.failed',
          message: '입력값을 확인해 주세요.',
          fields: { userId: 'ID is already occupied.', code: 'Not Correct Code. Please Check Your Email.' },
        },
        400,
      );
    const { router } = await goToRegister();
    fillRegister();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('ID is already occupied.'));
    expect(screen.getByTestId('code-helper').textContent).toBe('Not Correct Code. Please Check Your Email.');
    expect(router.state.location.pathname).toBe('/user/register');
  });

  it('checks the client rules before calling the server', async () => {
    await goToRegister();
    type('userId', 'bad id!');
    type('email', 'nope');
    type('code', '12');
    type('password', 'short');
    type('passwordConfirm', 'other');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('userId-helper').textContent).toBe('아이디는 영문과 숫자 4~20자로 입력해 주세요.'),
    );
    expect(screen.getByTestId('email-helper').textContent).toBe('올바른 이메일 주소를 입력해 주세요.');
    expect(screen.getByTestId('password-helper').textContent).toBe(passwordRuleText);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('sign-up'))).toBe(false);
  });

  it('refuses the passwords the server refuses (a space, a letter outside ASCII)', async () => {
    await goToRegister();
    fillRegister();
    for (const password of ['Secret 123', 'Sécret123']) {
      type('password', password);
      type('passwordConfirm', password);
      fireEvent.click(screen.getByTestId('register-submit'));
      await waitFor(() => expect(screen.getByTestId('password-helper').textContent).toBe(passwordRuleText));
    }
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('sign-up'))).toBe(false);
  });

  it("checks the password by the server's rule, not a copy", async () => {
    passwordRule = { ...servedPasswordRule, minLength: 10 };
    await goToRegister();
    fillRegister(); // Secret123: 9 characters
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('password-helper').textContent).toBe(passwordRuleText));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('sign-up'))).toBe(false);
  });

  it("checks the user id by the server's rule, length included", async () => {
    userIdRule = { minLength: 6, maxLength: 8, pattern: '^[a-z0-9]+$' };
    await goToRegister();
    expect(screen.getByTestId('userId-helper').textContent).toBe('영문과 숫자 6~8자로 입력해 주세요.');
    type('userId', 'abc12');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('아이디는 영문과 숫자 6~8자로 입력해 주세요.'));
    type('userId', 'ABCDEF1');
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('아이디는 영문과 숫자 6~8자로 입력해 주세요.'));
    type('userId', 'abcdef1');
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('영문과 숫자 6~8자로 입력해 주세요.'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('sign-up'))).toBe(false);
  });

  it('checks id availability and sends the e-mail code', async () => {
    handlers['GET /user/api/check-id'] = (_b, url) =>
      jsonResponse({ available: !url.includes('taken') });
    handlers['POST /user/api/email-code'] = (body) => {
      expect(body).toEqual({ email: 'new@example.com', altcha: 'solved-payload' });
      return jsonResponse({ message: '메일이 발송되었습니다.' });
    };
    await goToRegister();
    type('userId', 'taken1');
    await act(async () => {
      fireEvent.click(screen.getByTestId('check-id'));
    });
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('이미 사용 중인 아이디입니다.'));
    type('userId', 'free1');
    await act(async () => {
      fireEvent.click(screen.getByTestId('check-id'));
    });
    await waitFor(() => expect(screen.getByTestId('userId-helper').textContent).toBe('사용할 수 있는 아이디입니다.'));

    type('email', 'new@example.com');
    await act(async () => {
      fireEvent.click(screen.getByTestId('send-code'));
    });
    await waitFor(() => expect(toastStore.get()?.message).toBe('메일이 발송되었습니다.'));
  });
});

describe('password reset', () => {
  it("checks the new password by the server's rule before sending it", async () => {
    const sent: unknown[] = [];
    handlers['GET /apply/api/form-rules'] = () =>
      jsonResponse({ koreaCode: '410', g20Countries: [], g20None: 'NONE', passportNone: 'N/A', visaNone: '00999', visaOther: '00099', maxFamily: 10,
        userId: { minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' }, password: servedPasswordRule });
    handlers['GET /user/api/reset'] = () => jsonResponse({ valid: true });
    handlers['POST /user/api/reset'] = (body) => {
      sent.push(body);
      return jsonResponse({ message: '비밀번호가 변경되었습니다.' });
    };
    const { router } = renderRoutes(routes, ['/user/modify/pwd/kim1/20260101/abcdef']);
    const password = (await screen.findByTestId('reset-password')) as HTMLInputElement;
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('form-rules'))).toBe(true));
    const confirm = screen.getByTestId('reset-password-confirm');
    fireEvent.change(password, { target: { value: 'Secret 123' } });
    fireEvent.change(confirm, { target: { value: 'Secret 123' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
    fireEvent.change(password, { target: { value: 'Secret123' } });
    fireEvent.change(confirm, { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(sent).toEqual([{ userId: 'kim1', expireDate: '20260101', hash: 'abcdef', password: 'Secret123' }]);
  });
});

describe('sign out', () => {
  it('calls logout, clears the user and goes to login', async () => {
    let called = false;
    handlers['POST /user/api/logout'] = () => {
      called = true;
      return new Response(null, { status: 204 });
    };
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    const { router } = renderRoutes(routes, ['/']);
    fireEvent.click(await screen.findByTestId('nav-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(called).toBe(true);
    expect(sessionStore.get()).toBeNull();
    expect(await screen.findByTestId('nav-login')).toBeTruthy();
  });
});

describe('home', () => {
  it('lists schools from the API in the search box', async () => {
    handlers['GET /apply/api/standard/schl'] = () =>
      jsonResponse([{ schoolCode: 'S1', korName: '국제대학원', engName: 'GSIS', slug: 'gsis', color: '#123456' }]);
    renderRoutes(routes, ['/']);
    expect(await screen.findByTestId('school-search')).toBeTruthy();
  });

  it('hides the school search when the call fails, without a toast', async () => {
    handlers['GET /apply/api/standard/schl'] = () => jsonResponse({ status: 500, message: 'x' }, 500);
    renderRoutes(routes, ['/']);
    await screen.findByTestId('start-application');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('school-search')).toBeNull();
    expect(toastStore.get()).toBeNull();
  });

  it('start application: a guest goes to login, a user enters /appl/agree with the key', async () => {
    const { router } = renderRoutes(routes, ['/']);
    fireEvent.click(await screen.findByTestId('start-application'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    act(() => sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    fireEvent.click(await screen.findByTestId('start-application'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appl/agree'));
    expect(await screen.findByTestId('appl-agree-page')).toBeTruthy();
  });
});
