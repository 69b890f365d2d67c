import { describe, expect, it } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { authErrorMessage, isPasswordValid, passwordChecks } from './auth-errors';

describe('authErrorMessage', () => {
  it('maps already registered codes', () => {
    expect(authErrorMessage({ code: 'USER_ALREADY_EXISTS', message: 'User already exists.' })).toBe(
      MSG.alreadyRegistered,
    );
    expect(authErrorMessage({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe(MSG.alreadyRegistered);
  });
  it('maps bad credentials and unconfirmed email', () => {
    expect(authErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBe(
      MSG.badCredentials,
    );
    expect(authErrorMessage({ code: 'EMAIL_NOT_VERIFIED' })).toBe(MSG.unconfirmedEmail);
  });
  it('maps password rule codes and messages naming password or characters', () => {
    expect(authErrorMessage({ code: 'PASSWORD_TOO_SHORT' })).toBe(MSG.passwordRule);
    expect(authErrorMessage({ code: 'PASSWORD_RULE' })).toBe(MSG.passwordRule);
    expect(authErrorMessage({ code: 'X', message: 'Must be 8 characters' })).toBe(MSG.passwordRule);
    expect(authErrorMessage({ message: 'Password is weak' })).toBe(MSG.passwordRule);
  });
  it('shows other messages, or the generic one', () => {
    expect(authErrorMessage({ code: 'SOMETHING', message: 'Too many requests' })).toBe('Too many requests');
    expect(authErrorMessage({})).toBe('An error occurred');
    expect(authErrorMessage(null)).toBe('An error occurred');
  });
});

describe('password rule', () => {
  it('needs 8 characters and a digit', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, digit: false });
    expect(isPasswordValid('abcdefgh')).toBe(false);
    expect(isPasswordValid('abcdefg1')).toBe(true);
  });
});
