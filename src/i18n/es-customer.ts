import { Msg } from '@/domain/messages';

/** Texts of a customer's sections (the Telefono tab first). */
export const customerText = {
  phones: {
    title: 'Teléfonos',
    label: (accountId: number) => `Teléfonos del cliente ${accountId}`,
    group: (phone: string) => `Acciones del teléfono ${phone}`,
    number: 'Teléfono',
    country: 'País',
    principal: 'Principal',
    verified: 'Verificado',
    blacklisted: 'Lista negra',
    attempts: 'Intentos',
    created: 'Agregado',
    actions: 'Acciones',
    yes: 'Sí',
    no: 'No',
    empty: Msg.emptyResult,
    verify: 'Verificar',
    verifyQuestion: 'Verificar el teléfono',
    verifyText: (phone: string) => `El teléfono ${phone} quedó verificado.`,
    resetAttempts: 'Reiniciar intentos',
    resetQuestion: 'Reiniciar los intentos de verificación del teléfono',
    resetText: (phone: string) => `Los intentos de verificación del teléfono ${phone} volvieron a 0.`,
  },
} as const;
