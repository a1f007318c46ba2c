import { describe, expect, it } from 'vitest';
import { formatCredit, formatRiskScore, formatScore } from '@/domain/format';
import { customerActionText } from '@/i18n/es-customer-actions';
import { listText } from '@/i18n/es-lists';
import { es } from '@/i18n/es';

/**
 * Issue 39 §6: every number a person reads goes through the one es-ES rule (src/domain/format.ts),
 * in a result's text as on the card beside it, and the order's score reads the same in its header
 * and its risk tab.
 */
describe('numbers in texts follow the es-ES rule', () => {
  it("a credit's result says the balance as the customer's card shows it", () => {
    expect(customerActionText.credit.done('CALL_CREDIT', 56.72)).toBe('El saldo de CALL_CREDIT del cliente es ahora 56,72.');
    // The card rounds a credit up to two decimals: the result says the same figure.
    expect(customerActionText.credit.done('CALL_CREDIT', 1.231)).toContain(`es ahora ${formatCredit(1.231)}.`);
    expect(formatCredit(1.231)).toBe('1,24');
  });

  it('amounts in questions and results have a decimal comma and thousands points', () => {
    expect(customerActionText.transfer.question(5, 'USD', 7, 'a@b.example')).toBe('¿Transferir 5,00 USD del cliente 7 a a@b.example?');
    expect(customerActionText.transfer.done(12345.5, 'USD', 'Ana', 10.2)).toBe('Se transfirieron 12.345,50 USD a Ana. Saldo disponible: 10,20.');
    expect(customerActionText.credit.converted(10, 'USD', 9.01, 'EUR')).toBe('Se convirtieron 10,00 USD en 9,01 EUR.');
    expect(customerActionText.credit.question('INCREASE', 2.5, 'CALL_CREDIT', 7)).toBe('¿Agregar 2,50 de CALL_CREDIT al cliente 7?');
  });

  it('counts of five digits and more have their thousands point', () => {
    expect(listText.range(10001, 10015, 12000)).toBe('10.001–10.015 de 12.000');
    expect(es.topbar.riskMore(12345)).toBe('y 12.345 más…');
  });

  it("a risk control score (0–100) reads on the order's scale, as the order's header shows its score", () => {
    expect(formatRiskScore(36.1)).toBe(formatScore(0.361));
    expect(formatRiskScore(36.1)).toBe('0,361');
    expect(formatRiskScore(100)).toBe('1,000');
    expect(formatRiskScore(null)).toBe('0,000');
  });
});
