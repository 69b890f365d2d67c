import { describe, expect, it } from 'vitest';
import { MSG } from '@plainspoken/shared';
import {
  authErrorField,
  authErrorMessage,
  INVALID_EMAIL_MESSAGE,
  isPasswordValid,
  looksLikeEmail,
  passwordChecks,
} from './auth-errors';

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
  it('words a server validation error for the email plainly and places it under the field', () => {
    const err = { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' };
    expect(authErrorMessage(err)).toBe(INVALID_EMAIL_MESSAGE);
    expect(authErrorField(err)).toBe('email');
    expect(authErrorMessage({ code: 'X', message: '[body.name] Too long' })).toBe('Too long');
    expect(authErrorField({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('password');
    expect(authErrorField({ code: 'EMAIL_NOT_VERIFIED' })).toBe('email');
    expect(authErrorField({ code: 'SOMETHING', message: 'Server down' })).toBe('form');
    expect(looksLikeEmail('ada@example.com')).toBe(true);
    expect(looksLikeEmail('ada@example')).toBe(false);
    expect(looksLikeEmail('ada example@x.com')).toBe(false);
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
