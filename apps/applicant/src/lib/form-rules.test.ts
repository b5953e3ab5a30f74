import { describe, expect, it } from 'vitest';
import { keepsPasswordRule, type PasswordRule } from './form-rules';

// as GET /apply/api/form-rules serves core's rule (adapters/httpapi/form_rules_test.go
// holds the server's description to core's ValidatePassword)
const served: PasswordRule = { minLength: 8, maxLength: 16, pattern: '^[\\x21-\\x7E]+$', required: ['[a-z]', '[A-Z]', '[0-9]'] };

describe('the password rule from the server', () => {
  it('accepts 8 to 16 printable characters with a lowercase letter, an uppercase letter and a digit', () => {
    for (const ok of ['Secret12', 'Passw0rd!~', 'Abcdefgh12345678', 'Ab1"\'`\\{}|~!@#']) expect(keepsPasswordRule(served, ok), ok).toBe(true);
  });

  it('refuses what the server refuses, spaces and non-ASCII letters included', () => {
    for (const bad of ['', 'Secret1', 'Abcdefgh123456789', 'secret123', 'SECRET123', 'SecretPass', 'Secret 123', 'Secret123\t', 'Sécret123', '비밀번호Secret1', 'Secret1😀'])
      expect(keepsPasswordRule(served, bad), bad).toBe(false);
  });

  it('counts characters as the server does, not UTF-16 units', () => {
    const wide: PasswordRule = { ...served, pattern: '^.+$', maxLength: 8 };
    expect(keepsPasswordRule(wide, 'Ab1😀😀😀😀😀')).toBe(true); // 8 characters, 13 units
    expect(keepsPasswordRule(wide, 'Ab1😀😀😀😀😀😀')).toBe(false);
  });

  it('follows the rule it is given, not a copy of its own', () => {
    const longer: PasswordRule = { ...served, minLength: 10, required: [...served.required, '[^A-Za-z0-9]'] };
    expect(keepsPasswordRule(longer, 'Secret123')).toBe(false);
    expect(keepsPasswordRule(longer, 'Secret1234')).toBe(false);
    expect(keepsPasswordRule(longer, 'Secret123!')).toBe(true);
  });

  it('leaves the check to the server while the rule is not loaded', () => {
    expect(keepsPasswordRule(undefined, 'anything')).toBe(true);
  });
});
