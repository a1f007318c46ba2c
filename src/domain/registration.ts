/** 'Crear Nuevo Cliente' (spec details §5 "Create customer"): the texts both ends share. */
export const RegisterMsg = {
  email: 'Debe especificar el correo.',
  emailInvalid: 'El correo no es válido.',
  prefix: 'Debe especificar el prefijo.',
  prefixInvalid: 'El prefijo debe tener entre 1 y 4 dígitos.',
  phone: 'Debe especificar el telefono.',
  phoneInvalid: 'El telefono debe tener entre 6 y 15 dígitos.',
  username: 'El usuario debe ser el prefijo y el teléfono (entre 7 y 19 dígitos).',
  name: 'El nombre no puede superar 60 caracteres.',
  emailTaken: (email: string) => `Ya existe un cliente con el correo ${email}.`,
  usernameTaken: (username: string) => `Ya existe un cliente con el usuario ${username}.`,
  refused: 'No se puede crear el cliente.',
} as const;
