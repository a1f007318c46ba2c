/**
 * Texts of the spec's error catalogue and validation rules. The browser shows them and the
 * server answers them, so both import them from here and they cannot drift apart.
 */
export const Msg = {
  invalidToken: 'Token de Autenticacion Invalida',
  accessDenied: 'Acceso denegado',
  /** What a network failure of a customer or call action shows (spec details §8): the browser's own words. */
  networkFailure: 'Failed to fetch',
  /** What every other network failure shows (the spec only logs it; a person needs to know the call did not go). */
  connectionLost: 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.',
  noAuthorization: 'NO POSEE AUTORIZACION DE ACCESO',
  emptyResult: 'No se encontró ningún registro.',
  emptyKyc: 'No se encontraron verificaciones KYC',
  urlCopied: 'URL copiada al portapapeles',
  urlCopyFailed: 'No se pudo copiar la URL.',
  confirmTitle: 'Estas seguro?',
  confirmYes: 'Si, continuar!',
  confirmNo: 'Cancelar',
  waitingTitle: 'Esperando Respuesta!',
  waitingText: 'Peticion en proceso.',
  done: 'Listo!',
  // The other words of the success dialog (spec details §8).
  modified: 'Modificado!',
  approved: 'Aprobado!',
  cancelled: 'Cancelada!',
  requested: 'Petición Exitosa!',
  // Sign-in (the server's own messages; the form shows whatever the server says).
  /** A JSON endpoint's answer to a body of another type, and to one that is not JSON (issue 13 §5). */
  notJson: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).',
  badJson: 'El cuerpo de la petición no es un JSON válido.',
  jsonObject: 'Solicitud inválida: se esperaba un objeto JSON.',
  badCredentials: 'Usuario o contraseña incorrectos.',
  accountDisabled: 'La cuenta está deshabilitada.',
  noConsoleAccess: 'El usuario no tiene acceso a la consola.',
  badClient: 'Credenciales de cliente inválidas.',
  badGrant: 'Tipo de concesión no soportado.',
  missingCredentials: 'Debe indicar usuario y contraseña.',
  badRefreshToken: 'El token de refresco no es válido o ya fue usado.',
  tooManyAttempts: (minutes: number) =>
    `Demasiados intentos fallidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  /** A 429 at sign-in that says neither its wait nor a sentence of its own. */
  tooManyAttemptsLater: 'Demasiados intentos fallidos. Intente de nuevo más tarde.',
  missingToken: 'Se requiere un token de acceso.',
  expiredToken: 'El token de acceso expiró.',
  revokedToken: 'El token de acceso fue revocado.',
  missingPermission: (permission: string) => `No posee el permiso ${permission}.`,
  notReader: 'Su usuario es de solo lectura.',
  notFound: 'Recurso no encontrado.',
  badRequest: 'Solicitud inválida.',
  serverError: 'Error interno del servidor.',
  /** 503: the database is away (a restart, a failover) or busy; the request changed nothing. */
  databaseUnavailable: 'La base de datos no está disponible en este momento. Nada se modificó: intente de nuevo en unos segundos.',
  databaseBusy: 'La base de datos está ocupada. Nada se modificó: intente de nuevo en unos segundos.',
  /** 503: the connection was lost at COMMIT; the change may have been saved (server/db/transaction.ts). */
  commitUnknown: 'La base de datos dejó de responder al guardar el cambio: puede que se haya guardado. Compruébelo antes de repetirlo.',
  /** 503 from /ready and from an instance that is shutting down. */
  notReady: 'El servidor no está listo para atender solicitudes.',
  shuttingDown: 'El servidor se está reiniciando. Intente de nuevo en unos segundos.',
  /** 503: the request waited its turn too long (server/admission.ts); nothing was done. */
  serverBusy: 'El servidor está ocupado. Nada se modificó: intente de nuevo en unos segundos.',
  bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande.',
  /** A field the contract gives no text of its own for (valibot's English never reaches a person). */
  badField: (field: string) => `Solicitud inválida: el campo "${field}" no es válido.`,
  /** NUL, other control characters and bidirectional overrides have no place in what a person types. */
  controlChars: 'El texto contiene caracteres de control no permitidos.',
  /** The same e-mail about the same document, asked again within a minute (event/send/*). */
  alreadySent: 'Este mismo correo se envió hace menos de un minuto: espere antes de reenviarlo.',
  repeatedParam: (name: string) => `El parámetro "${name}" está repetido.`,
  badApiKey: 'Clave de API inválida.',
  /** GET /metrics from elsewhere than this machine, without the metrics token (issue 24 §6). */
  metricsDenied: 'Las métricas solo se sirven a esta misma máquina o con el token de métricas.',
  /** Two people changed the same record at the same instant and this change could not be applied. */
  concurrentWrite: 'Otra operación cambió estos datos al mismo tiempo. Vuelva a cargar e intente de nuevo.',
  // Validation rules quoted by the spec.
  clientsNeedPhoneOrEmail: 'Debe indicar Telefono o Email',
  blacklistType: 'Debe especificar el tipo.',
  blacklistValue: 'Debe especificar el valor.',
} as const;

/** What the action's dialog says when a request waits for a second person (and what QA reads of the wait, issue 40 §2). */
export const requestedText = (id: number, amount: string, window: string | null = null) =>
  `La acción por ${amount} supera el límite de aprobación${window ? ` junto con lo hecho antes (${window.charAt(0).toLowerCase()}${window.slice(1)})` : ''}: quedó pendiente de que otra persona con el mismo permiso la apruebe (solicitud ${id}). Se hará cuando la aprueben.`;
