import { describe, expect, it } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { DEAD_LINK_NOTICE, readEmailLinkError, readLinkLanding } from './email-link-error';

describe('readEmailLinkError', () => {
  it('returns null without an error', () => {
    expect(readEmailLinkError('http://localhost/?a=1#features')).toBeNull();
  });
  it.each(['INVALID_TOKEN', 'invalid_token', 'TOKEN_EXPIRED', 'EXPIRED_TOKEN'])(
    'treats ?error=%s as an expired link',
    (code) => {
      expect(readEmailLinkError(`http://localhost/?error=${code}`)).toEqual({
        message: MSG.emailLinkExpired,
        cleanUrl: '/',
      });
    },
  );
  it('reads otp_expired and access_denied from the fragment and cleans it', () => {
    expect(
      readEmailLinkError('http://localhost/#error=access_denied&error_code=otp_expired&error_description=x'),
    ).toEqual({
      message: MSG.emailLinkExpired,
      cleanUrl: '/',
    });
  });
  it('shows the description of other errors and keeps unrelated parameters', () => {
    expect(readEmailLinkError('http://localhost/history?x=1&error=server_error&error_description=Try%20later')).toEqual(
      {
        message: 'Try later',
        cleanUrl: '/history?x=1',
      },
    );
  });
  it('makes a sentence of an error without a description', () => {
    expect(readEmailLinkError('http://localhost/?error=new_user_signup_disabled')?.message).toBe(
      'New user signup disabled.',
    );
  });
});

describe('links that say what they were', () => {
  it('words a dead sign-in link as a sign-in link, not a confirmation email', () => {
    const r = readEmailLinkError('http://localhost/?link=sign-in&error=INVALID_TOKEN');
    expect(r).toEqual({ message: DEAD_LINK_NOTICE['sign-in'], cleanUrl: '/', link: 'sign-in' });
    expect(r?.message).not.toMatch(/confirmation/);
  });
  it('words a dead confirmation link as a confirmation link', () => {
    expect(readEmailLinkError('http://localhost/?link=confirm&error=TOKEN_EXPIRED')).toEqual({
      message: DEAD_LINK_NOTICE.confirm,
      cleanUrl: '/',
      link: 'confirm',
    });
  });
  it('reads a landing without an error and removes the parameter', () => {
    expect(readLinkLanding('http://localhost/?link=confirm')).toEqual({ link: 'confirm', cleanUrl: '/' });
    expect(readLinkLanding('http://localhost/?x=1&link=sign-in#top')).toEqual({
      link: 'sign-in',
      cleanUrl: '/?x=1#top',
    });
    expect(readLinkLanding('http://localhost/?link=other')).toBeNull();
  });
});
