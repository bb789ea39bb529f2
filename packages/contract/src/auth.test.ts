import { describe, expect, it } from 'vitest';
import { captchaMatches, loginError, type RegisterFields, registerError } from './auth-rules';
import { MSG } from './messages';

const valid: RegisterFields = {
  name: 'player01',
  password: 'secret1',
  confirmPass: 'secret1',
  realname: '张三',
  paypassword: 'pay123',
  code: 'AB12',
};

describe('register rules (spec 5, in order)', () => {
  it('accepts a complete, valid form', () => {
    expect(registerError(valid)).toBeNull();
  });

  it.each<[string, Partial<RegisterFields>, string]>([
    ['name missing', { name: '' }, MSG.registerName],
    ['name of 5', { name: 'abcde' }, MSG.registerName],
    ['name over the 32 input limit', { name: 'x'.repeat(33) }, MSG.registerName],
    ['password of 5', { password: '12345', confirmPass: '12345' }, MSG.registerPassword],
    ['confirm differs', { confirmPass: 'secret2' }, MSG.registerConfirm],
    ['real name missing', { realname: '' }, MSG.registerRealname],
    ['real name of blanks', { realname: '   ' }, MSG.registerRealname],
    ['pay password of 5', { paypassword: '12345' }, MSG.registerPayPassword],
    ['pay password over 18', { paypassword: 'p'.repeat(19) }, MSG.registerPayPassword],
    ['captcha missing', { code: '' }, MSG.captchaMissing],
    ['captcha over 4', { code: 'ABCDE' }, MSG.captchaMissing],
  ])('%s', (_case, override, message) => {
    expect(registerError({ ...valid, ...override })).toBe(message);
  });

  it('reports the earliest broken rule when several are broken', () => {
    const allWrong: RegisterFields = {
      name: '',
      password: '',
      confirmPass: 'x',
      realname: '',
      paypassword: '',
      code: '',
    };
    expect(registerError(allWrong)).toBe(MSG.registerName);
    expect(registerError({ ...allWrong, name: 'player01' })).toBe(MSG.registerPassword);
    expect(registerError({ ...allWrong, name: 'player01', password: 'secret1' })).toBe(MSG.registerConfirm);
    expect(registerError({ ...valid, realname: '', paypassword: '', code: '' })).toBe(MSG.registerRealname);
  });

  it('keeps the leading space of the username message, as the spec writes it', () => {
    expect(MSG.registerName.startsWith(' 用户名长度6~16位')).toBe(true);
  });
});

describe('login rules', () => {
  it.each([
    [{ name: '', password: 'x', code: '1' }, MSG.loginMissing],
    [{ name: 'a', password: '', code: '1' }, MSG.loginMissing],
    [{ name: 'a', password: 'x', code: '' }, MSG.captchaMissing],
    [{ name: 'a', password: 'x', code: '1234567' }, MSG.captchaMissing],
    [{ name: 'a', password: 'x', code: '123456' }, null],
  ])('%j gives %s', (fields, message) => {
    expect(loginError(fields)).toBe(message);
  });
});

describe('captcha comparison', () => {
  it('ignores case and surrounding blanks', () => {
    expect(captchaMatches(' ab7k ', 'AB7K')).toBe(true);
    expect(captchaMatches('AB7', 'AB7K')).toBe(false);
  });
});
