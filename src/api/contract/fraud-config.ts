import * as v from 'valibot';
import { Envelope } from './envelope';

/** The fraud configuration request names the client asking for it. */
export const FraudConfigRequest = v.object({
  clientName: v.pipe(v.string('Debe indicar el cliente.'), v.minLength(1, 'Debe indicar el cliente.'), v.maxLength(100)),
});

export const FraudConfig = v.object({
  COUNTRIES_TO_STOP: v.array(v.string()),
  TOPUP_COUNTRIES_TO_STOP: v.array(v.string()),
  BANKS_TO_STOP: v.array(v.string()),
});
export type FraudConfig = v.InferOutput<typeof FraudConfig>;
export const FraudConfigResponse = Envelope(FraudConfig);

/** The path of the fraud configuration; the console reads the full URL from /config.json. */
export const FRAUD_CONFIG_PATH = '/fraud-config/secured/configuration';
