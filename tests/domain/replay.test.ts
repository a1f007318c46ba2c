import { describe, expect, it } from 'vitest';
import { CREATION, isSecretKey, replayJson, replayMask } from '@/domain/replay';

/** What a stored transition keeps of an event and of facts (issue 40 §1): masked as lists §5 masks, never a secret. */
describe('replayMask', () => {
  it('masks a card number by its key to its first 6 and last 4, wherever it is nested', () => {
    expect(replayMask({ cardNumber: '4111 1111 1111 1111', recipient: { card_number: '5500000000000004', cardNumbers: ['4012888888881881'] } })).toEqual({
      cardNumber: '411111******1111',
      recipient: { card_number: '550000******0004', cardNumbers: ['401288******1881'] },
    });
  });

  it('masks a string that is a card number (13 to 19 digits passing Luhn) under any key; other digits stay', () => {
    expect(replayMask({ note: '4111-1111-1111-1111', phone: '5355512345', orderId: '1234567890123', amount: 4111111111111111 })).toEqual({
      note: '411111******1111',
      phone: '5355512345',
      orderId: '1234567890123',
      amount: 4111111111111111,
    });
  });

  it('drops every secret key, a word of it being pin, password, token, cvv, secret or refresh; not a word that only contains one', () => {
    const facts = { status: 'OPEN', pin: '1234', cardPin: '9999', password: 'x', access_token: 't', refreshToken: 'r', cvv: '123', clientSecret: 's', shipping: 'casa', spinner: 1, nested: [{ pin_code: '1', kept: true }] };
    expect(replayMask(facts)).toEqual({ status: 'OPEN', shipping: 'casa', spinner: 1, nested: [{ kept: true }] });
    expect(['pin', 'PIN', 'pinCode', 'user.password', 'refresh', 'otp'].every(isSecretKey)).toBe(true);
    expect(['shipping', 'opinion', 'tokenizer', 'pickup'].some(isSecretKey)).toBe(false);
  });

  it('keeps what is not a secret nor a card as it is, dates as JSON writes them, and does not change its argument', () => {
    const facts = { status: 'APPROVED', amount: 12.5, flags: [true, null], when: new Date(Date.UTC(2026, 0, 2)), pin: '1' };
    expect(replayMask(facts)).toEqual({ status: 'APPROVED', amount: 12.5, flags: [true, null], when: '2026-01-02T00:00:00.000Z' });
    expect(facts.pin).toBe('1');
  });

  it('is the JSON a transition stores; nothing is null', () => {
    expect(replayJson({ type: 'order.approve', pin: '1', cardNumber: '4111111111111111' })).toBe('{"type":"order.approve","cardNumber":"411111******1111"}');
    expect(replayJson(null)).toBeNull();
    expect(replayJson(undefined)).toBeNull();
    expect(CREATION).toEqual({ from: '', event: 'created' });
  });
});
