import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import {
  errorMessageKey,
  formatNumber,
  localizedParams,
  messageToken,
  namespacesOf,
  toMessageTokens,
  translateMessage,
  translateUiSchema,
  type FormTranslate,
} from './translation';

/** A translation that shows which key (and parameters) it was asked for. */
const bracket: FormTranslate = (key, params) => (params ? `[${key} ${JSON.stringify(params)}]` : `[${key}]`);

const deepCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const signupLike: RJSFSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', title: 'auth:schema.emailTitle', pattern: '^\\S+@\\S+$' },
    role: { type: 'string', enum: ['owner', 'partner'] },
    nickname: { type: 'string', title: 'auth:schema.nicknameTitle', description: 'auth:schema.nicknameHelp' },
    address: {
      type: 'object',
      properties: {
        city: { type: 'string', title: 'profile:schema.city' },
      },
    },
  },
};

const signupLikeUi: UiSchema = {
  'ui:order': ['email', 'role', 'nickname', 'address'],
  email: {
    'ui:title': 'auth:signup.fields.email',
    'ui:placeholder': 'auth:signup.placeholders.email',
    'ui:tooltip': 'auth:signup.tooltips.email',
    'ui:help': 'auth:signup.help.email',
    'ui:description': 'auth:signup.description.email',
    'ui:widget': 'email',
    'ui:autocomplete': 'email',
    'ui:options': { inputType: 'email', span: 6 },
    'ui:errorMessages': { pattern: 'auth:signup.errors.emailInvalid' },
  },
  role: {
    'ui:title': 'auth:signup.fields.role',
    'ui:enumNames': ['auth:signup.roles.owner', 'auth:signup.roles.partner'],
  },
};

describe('translateUiSchema', () => {
  it('translates ui:title, ui:placeholder, ui:tooltip, ui:help and ui:description', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui.email).toMatchObject({
      'ui:title': '[auth:signup.fields.email]',
      'ui:placeholder': '[auth:signup.placeholders.email]',
      'ui:tooltip': '[auth:signup.tooltips.email]',
      'ui:help': '[auth:signup.help.email]',
      'ui:description': '[auth:signup.description.email]',
    });
  });

  it('translates every entry of ui:enumNames, in order', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui.role?.['ui:enumNames']).toEqual(['[auth:signup.roles.owner]', '[auth:signup.roles.partner]']);
  });

  it('keeps non-text entries (widget, options, autocomplete, order, error message keys) as they are', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui['ui:order']).toEqual(['email', 'role', 'nickname', 'address']);
    expect(ui.email?.['ui:widget']).toBe('email');
    expect(ui.email?.['ui:autocomplete']).toBe('email');
    expect(ui.email?.['ui:options']).toEqual({ inputType: 'email', span: 6 });
    // Error messages are keys on purpose: they are translated when they render, so they follow the language.
    expect(ui.email?.['ui:errorMessages']).toEqual({ pattern: 'auth:signup.errors.emailInvalid' });
  });

  it('uses the schema title and description (translated) when the uiSchema gives none', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui.nickname).toEqual({
      'ui:title': '[auth:schema.nicknameTitle]',
      'ui:description': '[auth:schema.nicknameHelp]',
    });
  });

  it('prefers ui:title over the schema title', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui.email?.['ui:title']).toBe('[auth:signup.fields.email]');
  });

  it('translates nested objects, and blanks the title of an object that has none', () => {
    const ui = translateUiSchema(signupLike, signupLikeUi, bracket);

    expect(ui.address?.city).toEqual({ 'ui:title': '[profile:schema.city]' });
    expect(ui.address?.['ui:title']).toBe('');
    expect(ui['ui:title']).toBe('');
  });

  it('leaves the schema and the given uiSchema untouched', () => {
    const schema = deepCopy(signupLike);
    const uiSchema = deepCopy(signupLikeUi);

    const ui = translateUiSchema(schema, uiSchema, bracket);

    expect(schema).toEqual(signupLike);
    expect(uiSchema).toEqual(signupLikeUi);
    expect(ui).not.toBe(uiSchema);
  });

  it('follows the translate function it is given (another language, other words)', () => {
    const french: FormTranslate = (key) => (key === 'auth:signup.fields.email' ? 'Adresse e-mail' : key);
    const english: FormTranslate = (key) => (key === 'auth:signup.fields.email' ? 'E-mail address' : key);

    expect(translateUiSchema(signupLike, signupLikeUi, french).email?.['ui:title']).toBe('Adresse e-mail');
    expect(translateUiSchema(signupLike, signupLikeUi, english).email?.['ui:title']).toBe('E-mail address');
  });
});

const error = (fields: Partial<RJSFValidationError>): RJSFValidationError => ({
  message: 'AJV message',
  stack: 'AJV stack',
  ...fields,
});

describe('errorMessageKey', () => {
  const uiSchema: UiSchema = {
    email: {
      'ui:errorMessages': {
        required: 'auth:login.errors.emailInvalid',
        pattern: 'auth:login.errors.emailInvalid',
      },
    },
    password: { 'ui:errorMessages': { minLength: 'auth:signup.errors.passwordTooShort' } },
    address: { city: { 'ui:errorMessages': { maxLength: 'profile:errors.cityTooLong' } } },
  };

  it("picks the field's own message for that keyword", () => {
    expect(errorMessageKey(error({ name: 'pattern', property: '.email' }), uiSchema)).toBe(
      'auth:login.errors.emailInvalid',
    );
    expect(errorMessageKey(error({ name: 'minLength', property: '.password' }), uiSchema)).toBe(
      'auth:signup.errors.passwordTooShort',
    );
  });

  it('finds the field of a required error (a property named without a leading dot)', () => {
    expect(errorMessageKey(error({ name: 'required', property: 'email' }), uiSchema)).toBe(
      'auth:login.errors.emailInvalid',
    );
  });

  it('finds the field of a nested property', () => {
    expect(errorMessageKey(error({ name: 'maxLength', property: '.address.city' }), uiSchema)).toBe(
      'profile:errors.cityTooLong',
    );
  });

  it("picks the message of the reason a cnp error gives, among the field's messages for that keyword", () => {
    const cnpUi: UiSchema = {
      persons: {
        items: {
          cnp: {
            'ui:errorMessages': {
              cnp: { checksum: 'wizard:errors.cnp.checksum', county: 'wizard:errors.cnp.county' },
            },
          },
        },
      },
    };
    const cnpError = (reason: string) =>
      error({ name: 'cnp', property: '.persons.1.cnp', params: { reason } });
    expect(errorMessageKey(cnpError('checksum'), cnpUi)).toBe('wizard:errors.cnp.checksum');
    expect(errorMessageKey(cnpError('county'), cnpUi)).toBe('wizard:errors.cnp.county');
    expect(errorMessageKey(cnpError('format'), cnpUi)).toBe('forms:errors.invalid');
  });

  it('falls back to forms:errors.<keyword> for a keyword the field does not override', () => {
    expect(errorMessageKey(error({ name: 'required', property: 'password' }), uiSchema)).toBe(
      'forms:errors.required',
    );
    expect(errorMessageKey(error({ name: 'maxLength', property: '.password' }), uiSchema)).toBe(
      'forms:errors.maxLength',
    );
    expect(errorMessageKey(error({ name: 'const', property: '.unknownField' }), uiSchema)).toBe(
      'forms:errors.const',
    );
  });

  it('falls back to forms:errors.invalid for a keyword without a default message', () => {
    expect(errorMessageKey(error({ name: 'multipleOf', property: '.password' }), uiSchema)).toBe(
      'forms:errors.invalid',
    );
    expect(errorMessageKey(error({ property: '.password' }), uiSchema)).toBe('forms:errors.invalid');
  });

  it('ignores a message that is not a key string', () => {
    const odd: UiSchema = { email: { 'ui:errorMessages': { pattern: 42 } } };
    expect(errorMessageKey(error({ name: 'pattern', property: '.email' }), odd)).toBe('forms:errors.pattern');
  });
});

describe('messageToken and translateMessage', () => {
  it('round-trip a key with its parameters', () => {
    const translate = vi.fn<FormTranslate>(() => 'Au moins 6 caractères');

    const token = messageToken('forms:errors.minLength', { limit: 6 });
    expect(translateMessage(token, translate)).toBe('Au moins 6 caractères');
    expect(translate).toHaveBeenCalledWith('forms:errors.minLength', { limit: 6 });
  });

  it('round-trip a key without parameters (none are passed on)', () => {
    const translate = vi.fn<FormTranslate>(() => 'Champ obligatoire');

    expect(translateMessage(messageToken('forms:errors.required'), translate)).toBe('Champ obligatoire');
    expect(translateMessage(messageToken('forms:errors.required', {}), translate)).toBe('Champ obligatoire');
    expect(translate).toHaveBeenNthCalledWith(1, 'forms:errors.required', undefined);
    expect(translate).toHaveBeenNthCalledWith(2, 'forms:errors.required', undefined);
  });

  it('yields a new text when the language (the translate function) changes', () => {
    const token = messageToken('auth:signup.errors.passwordsDiffer');
    const texts: Record<string, string> = {
      fr: 'Les mots de passe ne correspondent pas',
      en: 'Passwords do not match',
    };
    const inLanguage =
      (language: string): FormTranslate =>
      () =>
        texts[language] ?? '';

    expect(translateMessage(token, inLanguage('fr'))).toBe('Les mots de passe ne correspondent pas');
    expect(translateMessage(token, inLanguage('en'))).toBe('Passwords do not match');
  });

  it('shows any other message as it is', () => {
    const translate = vi.fn<FormTranslate>(() => 'translated');

    expect(translateMessage('must match pattern "^\\S+$"', translate)).toBe('must match pattern "^\\S+$"');
    expect(translateMessage('i18n:{not json', translate)).toBe('i18n:{not json');
    expect(translate).not.toHaveBeenCalled();
  });

  it('makes tokens that differ with their key and parameters', () => {
    expect(messageToken('forms:errors.minLength', { limit: 6 })).not.toBe(
      messageToken('forms:errors.minLength', { limit: 8 }),
    );
    expect(messageToken('forms:errors.minLength')).not.toBe(messageToken('forms:errors.maxLength'));
  });
});

describe('toMessageTokens', () => {
  it("turns each error's message and stack into the token of its key, with the primitive parameters", () => {
    const uiSchema: UiSchema = {
      password: { 'ui:errorMessages': { minLength: 'auth:signup.errors.short' } },
    };
    const [minLength, required] = toMessageTokens(
      [
        error({ name: 'minLength', property: '.password', params: { limit: 6, nested: { x: 1 } } }),
        error({ name: 'required', property: 'email', params: { missingProperty: 'email' } }),
      ],
      uiSchema,
    );

    expect(minLength?.message).toBe(messageToken('auth:signup.errors.short', { limit: 6 }));
    expect(minLength?.stack).toBe(minLength?.message);
    expect(minLength?.property).toBe('.password');
    expect(required?.message).toBe(messageToken('forms:errors.required', { missingProperty: 'email' }));
    expect(translateMessage(minLength?.message ?? '', bracket)).toBe(
      '[auth:signup.errors.short {"limit":6}]',
    );
  });
});

describe('namespacesOf', () => {
  it('names the namespaces of every key, at any depth, plus forms, once each', () => {
    const namespaces = namespacesOf([signupLike, signupLikeUi]);

    expect([...namespaces].sort()).toEqual(['auth', 'forms', 'profile']);
  });

  it('reads keys inside arrays', () => {
    expect(namespacesOf({ 'ui:enumNames': ['wizard:steps.one', 'wizard:steps.two'] }).sort()).toEqual([
      'forms',
      'wizard',
    ]);
  });

  it('ignores strings that are not namespace:key', () => {
    const namespaces = namespacesOf({
      pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      link: 'https://example.com/terms',
      words: 'note: not a key',
      plain: 'signup.fields.email',
      number: 3,
    });

    expect(namespaces).toEqual(['forms']);
  });

  it('adds the namespace of a widget that shows words of its own (the nationality list)', () => {
    const ui = { managers: { items: { nationality: { 'ui:widget': 'nationality' } } } };
    expect(namespacesOf(ui).sort()).toEqual(['forms', 'nationalities']);
    expect(namespacesOf({ country: { 'ui:widget': 'country' } })).toEqual(['forms']);
  });

  it('always includes forms, the namespace of the default messages', () => {
    expect(namespacesOf({})).toEqual(['forms']);
    expect(namespacesOf(undefined)).toEqual(['forms']);
  });
});

describe('numbers in messages', () => {
  it('are written as the language writes them, with non-breaking spaces', () => {
    expect(formatNumber(1000, 'fr')).toBe('1\u202f000');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1000, 'ro')).toBe('1.000');
    // Amounts keep their cents, two of them.
    expect(formatNumber(166.7, 'fr')).toBe('166,70');
  });

  it("fill a message's parameters, except the count a plural is chosen by", () => {
    expect(localizedParams({ limit: 5000, sum: 1000.5, property: 'shares', count: 1000 }, 'fr')).toEqual({
      limit: '5\u202f000',
      sum: '1\u202f000,50',
      property: 'shares',
      count: 1000,
    });
    expect(localizedParams(undefined, 'fr')).toBeUndefined();
  });
});
