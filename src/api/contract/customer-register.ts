import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { RegisterMsg } from '@/domain/registration';

/** An e-mail: required, trimmed, lower-cased. */
const Email = v.pipe(v.optional(v.string(RegisterMsg.email), ''), v.trim(), v.nonEmpty(RegisterMsg.email), v.maxLength(120, RegisterMsg.emailInvalid), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, RegisterMsg.emailInvalid), v.toLowerCase());
const Name = v.optional(v.nullable(v.pipe(v.string(RegisterMsg.name), v.trim(), v.maxLength(60, RegisterMsg.name))));

/** The form of 'Crear Nuevo Cliente': email, then prefix, then phone, checked in that order (names are not checked). */
export const RegisterForm = v.object({
  email: Email,
  prefix: v.pipe(v.optional(v.string(RegisterMsg.prefix), ''), v.transform((s) => s.replace(/[\s+]/g, '')), v.nonEmpty(RegisterMsg.prefix), v.regex(/^\d{1,4}$/, RegisterMsg.prefixInvalid)),
  phone: v.pipe(v.optional(v.string(RegisterMsg.phone), ''), v.transform((s) => s.replace(/[\s\-.()]/g, '')), v.nonEmpty(RegisterMsg.phone), v.regex(/^\d{6,15}$/, RegisterMsg.phoneInvalid)),
  firstName: Name,
  lastName: Name,
});

/**
 * POST /uaa/secured/register/completed: firstName, lastName, email, password, username (the prefix
 * joined with the phone). The password the contract carries is not used: the server gives the new
 * customer a random one and mails them to choose their own (docs/decisions.md).
 */
export const RegisterBody = v.object(
  {
    email: Email,
    username: v.pipe(v.optional(v.string(RegisterMsg.username), ''), v.trim(), v.regex(/^\d{7,19}$/, RegisterMsg.username)),
    firstName: Name,
    lastName: Name,
    password: v.optional(v.unknown()),
  },
  Msg.jsonObject,
);
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

export const Registered = v.object({ accountId: v.number(), username: v.string(), email: v.string() });
export type Registered = v.InferOutput<typeof Registered>;
