import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, IdParam, PageOf, PageQuery } from './query';
import { CREDIT_TYPES } from '@/domain/credit';
import { KycDecisionDetail } from './extras';
import { BodyId, CubanMobile, EditedVersion, Hour, OptionalText, QueryId } from './fields';
import { BankCardNumber, CubanPhone, HomeAddressEntries, IdentityCard, MunicipalityCode, Neighborhood, ProvinceCode, RecipientName, StreetAddress } from './remittance';
import { RemittanceMsg } from '@/domain/remittance';

/** The customer page's read calls (spec details §3, §7 "Customer detail"). */

/** A customer table's page: 20 rows unless the call says otherwise (spec details §9). */
export const CustomerPageQuery = v.object({ ...PageQuery(20, 100), accountId: IdParam('el usuario') });
export type CustomerPageQuery = v.InferOutput<typeof CustomerPageQuery>;

/**
 * The orders some customer tables are read in (spec details §7): payment requests, pin attempts
 * and the recipient directory by id, the saved cards by creation date. The console asks the first
 * of each (newest first), which is also the order when none is given; any other is a 400.
 */
export const ID_SORTS = ['id,desc', 'id,asc'] as const;
export const CREATED_DATE_SORTS = ['createdDate,desc', 'createdDate,asc'] as const;
export type IdSort = (typeof ID_SORTS)[number];
export type CreatedDateSort = (typeof CREATED_DATE_SORTS)[number];
const SORT_LABEL = 'El orden';

/** GET /reports/secured/list/checkoutrequest and /uaa/secured/loginAttempt/data: a customer table's page in the order of its ids. */
export const IdSortedPageQuery = v.object({ ...CustomerPageQuery.entries, sort: ChoiceQuery(ID_SORTS, SORT_LABEL) });
export type IdSortedPageQuery = v.InferOutput<typeof IdSortedPageQuery>;

/** GET /users/secured/credit-trn/data: a customer's page of credit movements, of one credit type when `creditType` is given (lists §9). */
export const CreditHistoryQuery = v.object({
  ...CustomerPageQuery.entries,
  creditType: v.optional(v.picklist(CREDIT_TYPES, 'Tipo de crédito desconocido.')),
});
export type CreditHistoryQuery = v.InferOutput<typeof CreditHistoryQuery>;

/** GET /blacklist/secured/blackList?accountId: the blacklist entries of the customer. */
export const CustomerBlacklistEntry = v.object({ id: v.number(), value: v.string(), type: v.string(), created: IsoDateTime });
export type CustomerBlacklistEntry = v.InferOutput<typeof CustomerBlacklistEntry>;
export const CustomerBlacklistResponse = Envelope(PageOf(CustomerBlacklistEntry));

/** KYC calls name the company; it is 4 (spec details §9) unless another is given. */
export const KYC_COMPANY_ID = 4;
export const KycAccountQuery = v.object({
  accountId: IdParam('el usuario'),
  companyId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La compañía debe ser un número.'), v.transform(Number)), String(KYC_COMPANY_ID)),
});

/** GET /users/secured/kyc/decision-status: the customer's current KYC status, with the service's message. */
export const KycDecisionStatus = v.object({ status: v.string(), message: v.string(), created_at_time: v.nullable(IsoDateTime) });
export type KycDecisionStatus = v.InferOutput<typeof KycDecisionStatus>;
export const KycDecisionStatusResponse = Envelope(KycDecisionStatus);

/** GET /users/secured/kyc/decision-history: every verification of the customer, newest first. */
export const KycHistoryEntry = v.object({
  partner_id: v.string(),
  status: v.string(),
  verification_url: v.nullable(v.string()),
  created_date_time: IsoDateTime,
  verification_date_time: v.nullable(IsoDateTime),
  kyc_decision: v.nullable(KycDecisionDetail),
});
export type KycHistoryEntry = v.InferOutput<typeof KycHistoryEntry>;
export const KycHistoryResponse = Envelope(v.object({ elements: v.array(KycHistoryEntry) }));

/** GET /users/secured/credit-trn/data: the customer's credit movements, newest first. */
export const CreditTrn = v.object({
  id: v.number(),
  dateTime: IsoDateTime,
  amount: v.number(),
  prevAmount: v.number(),
  finalAmount: v.number(),
  creditType: v.string(),
  trnType: v.picklist(['INCREASE', 'DECREASE']),
  description: v.nullable(v.string()),
});
export type CreditTrn = v.InferOutput<typeof CreditTrn>;
export const CreditTrnResponse = Envelope(PageOf(CreditTrn));

/** GET /users/secured/transfer-trn/data: the credit the customer sent to others. */
export const CreditTransfer = v.object({
  id: v.number(),
  currentIdUser: v.number(),
  beneficiaryIdUser: v.nullable(v.number()),
  beneficiary: v.string(),
  beneficiaryPhoneNumber: v.nullable(v.string()),
  amount: v.number(),
  creditType: v.string(),
  destinationAmount: v.number(),
  destinationCurrency: v.string(),
  description: v.nullable(v.string()),
  transferStatus: v.string(),
  created: IsoDateTime,
});
export type CreditTransfer = v.InferOutput<typeof CreditTransfer>;
export const CreditTransferResponse = Envelope(PageOf(CreditTransfer));

/** GET /reports/secured/list/checkoutrequest: payment requests the customer made or received. */
const RequestParty = v.object({ accountId: v.nullable(v.number()), phoneNumber: v.nullable(v.string()), name: v.string() });
export const PaymentRequest = v.object({
  id: v.number(),
  requester: RequestParty,
  receiver: RequestParty,
  note: v.nullable(v.string()),
  amount: v.number(),
  currency: v.string(),
  status: v.string(),
  createdDate: IsoDateTime,
  expirationDate: IsoDateTime,
});
export type PaymentRequest = v.InferOutput<typeof PaymentRequest>;
export const PaymentRequestResponse = Envelope(PageOf(PaymentRequest));

/** GET /uaa/secured/login/dataPin: sign-ins without a password (an SMS pin, from the app). */
export const PasswordlessSignIn = v.object({
  id: v.number(),
  phoneNumber: v.nullable(v.string()),
  pin: v.nullable(v.string()),
  loginDate: IsoDateTime,
  deviceId: v.nullable(v.string()),
  isOnlyClientDeviceId: v.boolean(),
  ip: v.nullable(v.string()),
  advertisingId: v.nullable(v.string()),
  platform: v.nullable(v.string()),
  version: v.nullable(v.string()),
  appVersion: v.nullable(v.string()),
  appName: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
  userTimezone: v.nullable(v.string()),
  blacklistedDevice: v.boolean(),
  blacklistedAdvertising: v.boolean(),
});
export type PasswordlessSignIn = v.InferOutput<typeof PasswordlessSignIn>;
export const PasswordlessSignInResponse = Envelope(PageOf(PasswordlessSignIn));

/** GET /uaa/secured/login/data: sign-ins with a password (a browser). */
export const PasswordSignIn = v.object({
  id: v.number(),
  phoneNumber: v.nullable(v.string()),
  loginDate: IsoDateTime,
  browser: v.nullable(v.string()),
  version: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  platform: v.nullable(v.string()),
  clientId: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
});
export type PasswordSignIn = v.InferOutput<typeof PasswordSignIn>;
export const PasswordSignInResponse = Envelope(PageOf(PasswordSignIn));

/** GET /uaa/secured/loginAttempt/data: sign-in attempts with a pin. */
export const PinAttempt = v.object({
  id: v.number(),
  phoneNumber: v.nullable(v.string()),
  advertisingId: v.nullable(v.string()),
  deviceId: v.nullable(v.string()),
  pin: v.nullable(v.string()),
  pinCreatedDate: IsoDateTime,
  attempts: v.number(),
  lastLoginAttemptDate: v.nullable(IsoDateTime),
  country: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  clientId: v.nullable(v.string()),
});
export type PinAttempt = v.InferOutput<typeof PinAttempt>;
export const PinAttemptResponse = Envelope(PageOf(PinAttempt));

/** GET /users/secured/campaign-user/list: the campaigns the customer is in. */
export const Campaign = v.object({
  id: v.number(),
  campaignType: v.string(),
  name: v.string(),
  group: v.nullable(v.string()),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
});
export type Campaign = v.InferOutput<typeof Campaign>;
export const CampaignsResponse = Envelope(v.object({ elements: v.array(Campaign), charts: ChartSnapshots }));

/** GET /customer/secured/paymentmethod/customerspecific/all: the customer's saved cards, newest first (50 per page). */
export const PaymentMethod = v.object({
  id: v.number(),
  accountId: v.number(),
  paymentMethodType: v.string(),
  caption: v.string(),
  firstSix: v.string(),
  lastFour: v.string(),
  expirationMonth: v.number(),
  expirationYear: v.number(),
  enable: v.boolean(),
  isVisible: v.boolean(),
  verified: v.boolean(),
  lastVerifyDate: v.nullable(IsoDateTime),
  cents: v.nullable(v.number()),
  centsTries: v.number(),
  lastCentsDate: v.nullable(IsoDateTime),
  lastCentsVigente: v.boolean(),
  papersVerificationStatus: v.nullable(v.string()),
  paymentMethodTokens: v.array(v.object({ paymentMethodId: v.number(), paymentSystemId: v.number(), token: v.string() })),
  isDebit: v.boolean(),
  issuingBank: v.nullable(v.string()),
  blacklisted: v.boolean(),
  uniqueNumberIdentifier: v.string(),
  created: IsoDateTime,
  /** The reference server's: the gateway its charges go through (§9 code; 7, any, by default). */
  paymentSystem: v.optional(v.number(), 7),
  /** The reference server's: the card's verification and listing charts (docs/contract.md). */
  charts: ChartSnapshots,
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethod>;
export const PaymentMethodsResponse = Envelope(PageOf(PaymentMethod));
export const PaymentMethodsQuery = v.object({ ...PageQuery(50, 100), accountId: IdParam('el usuario'), sort: ChoiceQuery(CREATED_DATE_SORTS, SORT_LABEL) });

/** GET /users/secured/segment/data/traits: what the customer data platform knows of the customer (data.object). */
export const SegmentTraitsResponse = Envelope(v.object({ object: v.record(v.string(), v.unknown()) }));

/** GET /users/secured/segment/data/events?accountId&next: 100 events a page, newest first; `next` continues. */
export const SEGMENT_PAGE_SIZE = 100;
export const SegmentEventsQuery = v.object({
  accountId: IdParam('el usuario'),
  next: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'El cursor no es válido.'))),
});
export const SegmentEvent = v.object({
  id: v.number(),
  event: v.string(),
  timestamp: IsoDateTime,
  context: v.object({
    ip: v.optional(v.nullable(v.string())),
    timezone: v.optional(v.nullable(v.string())),
    app: v.optional(v.object({ version: v.optional(v.nullable(v.string())) })),
    device: v.optional(v.object({ id: v.optional(v.nullable(v.string())), adTrackingEnabled: v.optional(v.nullable(v.boolean())) })),
  }),
  properties: v.record(v.string(), v.unknown()),
});
export type SegmentEvent = v.InferOutput<typeof SegmentEvent>;
export const SegmentEventsResponse = Envelope(v.object({ elements: v.array(SegmentEvent), has_more: v.boolean(), next: v.nullable(v.string()) }));
export type SegmentEventsPage = v.InferOutput<typeof SegmentEventsResponse>['data'];

/** The recipient directory is read 5 at a time (spec details §9). */
export const DIRECTORY_PAGE_SIZE = 5;
export const DirectoryQuery = v.object({ ...PageQuery(DIRECTORY_PAGE_SIZE, 50), accountId: IdParam('el usuario'), sort: ChoiceQuery(ID_SORTS, SORT_LABEL) });

/** GET /orders/secured/list/remesarecipient: the customer's bank recipients, newest first. */
export const BankRecipient = v.object({
  id: v.number(),
  fullName: v.string(),
  address: v.object({
    address: v.nullable(v.string()),
    neighborhood: v.nullable(v.string()),
    municipality: v.nullable(v.string()),
    city: v.nullable(v.string()),
    zipCode: v.nullable(v.string()),
    // The catalogue's codes of city (the province) and municipality, when the names are in it: the edit form's selects take them.
    provinceCode: v.nullable(v.string()),
    municipalityCode: v.nullable(v.string()),
  }),
  phoneNumber: v.nullable(v.string()),
  identityCard: v.nullable(v.string()),
  cardNumber: v.string(),
  bankname: v.nullable(v.string()),
  version: v.number(),
  /** The reference server's: the recipient's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type BankRecipient = v.InferOutput<typeof BankRecipient>;
export const BankRecipientsResponse = Envelope(PageOf(BankRecipient));

/** GET /users/secured/list/remesaaddress: the customer's home-delivery recipients, newest first. */
export const HomeRecipient = v.object({
  id: v.number(),
  accountId: v.number(),
  recipientName: v.string(),
  address: v.string(),
  neighborhood: v.nullable(v.string()),
  municipality: v.string(),
  municipalityCode: v.string(),
  province: v.string(),
  provinceCode: v.string(),
  mobile: v.nullable(v.string()),
  landLine: v.nullable(v.string()),
  indications: v.nullable(v.string()),
  deliveryFrom: v.nullable(v.string()),
  deliveryTo: v.nullable(v.string()),
  version: v.number(),
  /** The reference server's: the recipient's chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type HomeRecipient = v.InferOutput<typeof HomeRecipient>;
export const HomeRecipientsResponse = Envelope(PageOf(HomeRecipient));

/** GET /customer/secured/add/creditcard/result?accountId: the customer's attempts to add a card, newest first. */
export const AddCardAttempt = v.object({
  id: v.number(),
  firstSixLastFour: v.string(),
  message: v.nullable(v.string()),
  wasAdded: v.boolean(),
  created: IsoDateTime,
  /** The reference server's: when staff reset the attempts (a cleared one no longer counts). */
  cleared: v.optional(v.nullable(IsoDateTime), null),
});
export type AddCardAttempt = v.InferOutput<typeof AddCardAttempt>;
export const AddCardAttempts = v.object({ elements: v.array(AddCardAttempt), countElements: v.number(), failed: v.optional(v.number(), 0), limited: v.optional(v.boolean(), false), charts: ChartSnapshots });
export type AddCardAttempts = v.InferOutput<typeof AddCardAttempts>;
export const AddCardAttemptsResponse = Envelope(AddCardAttempts);

/** GET /customer/secured/add/creditcard/result/delete?accountId (deleteAddCCResult, spec details §7: the reset of attempts; a change, though a GET). */
export const AddCardResetQuery = v.object({ accountId: QueryId('Debe indicar el cliente.') });
export type AddCardResetQuery = v.InferOutput<typeof AddCardResetQuery>;

/**
 * POST /users/secured/contactAddress/update: a home recipient of the directory, as edited in
 * 'Actualizar Datos del Destinatario'. Province and municipality are catalogue codes; the names
 * come from the catalogue (any sent are ignored).
 */
export const HomeRecipientBody = v.object({
  id: BodyId('Debe indicar el destinatario.'),
  accountId: BodyId('Debe indicar el cliente.'),
  mobile: CubanMobile(RemittanceMsg.destinationRequired),
  ...HomeAddressEntries,
  deliveryTo: Hour,
  version: EditedVersion,
});
export type HomeRecipientBody = v.InferOutput<typeof HomeRecipientBody>;

/**
 * POST /orders/secured/fileRemesaRecipient/update: a bank recipient of the directory, as edited in
 * 'Actualizar Datos del Destinatario' (spec: id, fullName, address{address, neighborhood,
 * municipality, city, zipCode}, phoneNumber, identityCard, cardNumber). The place is sent by its
 * catalogue codes; city (the province) and municipality are stored with the catalogue's names (any
 * sent are ignored). The card is checked first, as for a bank remittance's destination.
 */
export const BankRecipientBody = v.object({
  cardNumber: BankCardNumber,
  id: BodyId('Debe indicar el destinatario.'),
  accountId: BodyId('Debe indicar el cliente.'),
  fullName: RecipientName,
  identityCard: IdentityCard,
  phoneNumber: CubanPhone,
  address: v.object(
    {
      provinceCode: ProvinceCode,
      municipalityCode: MunicipalityCode,
      neighborhood: Neighborhood,
      address: StreetAddress,
      zipCode: v.pipe(OptionalText('El código postal', 10), v.check((z) => z === null || /^\d{5}$/.test(z), 'El código postal debe tener 5 dígitos.')),
    },
    RemittanceMsg.addressRequired,
  ),
  version: EditedVersion,
});
export type BankRecipientBody = v.InferOutput<typeof BankRecipientBody>;
