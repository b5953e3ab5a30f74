import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setUser, type SessionUser } from '@/lib/session';

export type LoginInput = { userId: string; password: string; altcha?: string };
export type LoginResponse = { accessToken: string; user: SessionUser };

export function login(input: LoginInput): Promise<LoginResponse> {
  // silent: the form shows the refusal inline, where a toast would cover the title on a phone
  return api.post<LoginResponse>('/user/api/login', input, { silent: true });
}

/** The token itself lives in an HttpOnly cookie; only the user is kept here. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (res) => {
      if (res?.user) setUser({ ...res.user, roles: res.user.roles ?? [] });
    },
  });
}
