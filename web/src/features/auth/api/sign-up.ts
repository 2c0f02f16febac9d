import { api } from '../../../lib/api-client';

export type SignUpInput = { email: string; password: string; confirmPassword: string; displayName?: string; satLeaderId: string };

export const signUp = (input: SignUpInput) => api<{ message: string }>('POST', '/api/auth/sign-up', input);

export const resendConfirmation = (email: string) => api<{ message: string }>('POST', '/api/auth/resend-confirmation', { email: email.trim() });

export const confirmEmail = (token: string) => api<{ message: string }>('POST', '/api/auth/confirm-email', { token });

export const requestPasswordReset = (email: string) => api<{ message: string }>('POST', '/api/auth/forgot-password', { email: email.trim() });

export const resetPassword = (token: string, password: string) => api<{ message: string }>('POST', '/api/auth/reset-password', { token, password });

export const chooseSatLeader = (satLeaderId: string) => api<{ message: string }>('PUT', '/api/profile/sat-leader', { satLeaderId });
