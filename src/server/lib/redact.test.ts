import { describe, expect, it } from 'vitest';
import { redactLink, redactPath, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('masks a 6-digit code and leaves other numbers', () => {
    expect(redactSecrets('482913 is your StackDays sign-in code')).toBe(
      '•••••• is your StackDays sign-in code',
    );
    expect(
      redactSecrets('Enter this 6-digit code:\n\n    482913\n\nIt expires in 10 minutes.'),
    ).toBe('Enter this 6-digit code:\n\n    ••••••\n\nIt expires in 10 minutes.');
    expect(redactSecrets('10000 steps, 1234567 points')).toBe('10000 steps, 1234567 points');
  });

  it('cuts links before their token and keeps the sentence around them', () => {
    expect(
      redactSecrets(
        'Join here:\n\nhttps://stackdays.example/invite/Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA\n',
      ),
    ).toBe('Join here:\n\nhttps://stackdays.example/invite/…\n');
    expect(
      redactSecrets(
        'Set it at http://localhost:3000/signup?admin_invite=a%40b.com&token=Zq3xV9bN2mK7pL4s.',
      ),
    ).toBe('Set it at http://localhost:3000/signup?….');
    expect(redactSecrets('See https://stackdays.example/app/feed.')).toBe(
      'See https://stackdays.example/app/feed.',
    );
  });
});

describe('redactLink', () => {
  it('cuts any token-like path segment, in case a new link carries one', () => {
    expect(redactLink('https://x.example/reset/Zq3xV9bN2mK7pL4sT8wY1c')).toBe(
      'https://x.example/reset/…',
    );
    expect(redactLink('not a url')).toBe('…');
  });
});

describe('redactPath', () => {
  it('hides the token of an invite page or invite check in the request log', () => {
    expect(redactPath('/invite/Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA')).toBe('/invite/…');
    expect(redactPath('/api/invites/Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA')).toBe('/api/invites/…');
    expect(redactPath('/api/invites')).toBe('/api/invites');
    expect(redactPath('/api/feed')).toBe('/api/feed');
  });

  it("hides a crew invite's token, on its page, preview and join, and an export's", () => {
    const token = 'Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA';
    expect(redactPath(`/crews/join/${token}`)).toBe('/crews/join/…');
    expect(redactPath(`/api/crew-invites/${token}`)).toBe('/api/crew-invites/…');
    expect(redactPath(`/api/crew-invites/${token}/join`)).toBe('/api/crew-invites/…/join');
    expect(redactPath(`/API/Crew-Invites/${token}/join/`)).toBe('/API/Crew-Invites/…/join/');
    expect(redactPath(`/api/account/export/1764.abc.${token}`)).toBe('/api/account/export/…');
    expect(redactPath('/api/crews/join')).toBe('/api/crews/join');
  });
});
