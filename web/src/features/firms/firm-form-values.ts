import * as z from 'zod';
import {
  createNewBroker,
  createNewManagementAccount,
  type BrokerName,
  type ManagementAccountType,
} from '@shared/firms/broker';
import { firmSaveBodySchema, type Firm, type FirmStatus } from '@shared/firms/firm';

/**
 * The firm form's values: the API body's fields under the same names (so a 400's details land on
 * them), with every input as the text it holds; numbers are converted when the form is validated.
 */
export interface ManagementAccountValues {
  id?: string;
  accountNumber: string;
  accountType: ManagementAccountType;
  description: string;
  username: string;
  password: string;
  connection: string;
  url: string;
}

export interface BrokerValues {
  id?: string;
  name: BrokerName;
  address: string;
  contactNumber: string;
  email: string;
  website: string;
  establishedYear: string;
  numberOfEmployees: string;
  revenue: string;
  industry: string;
  mgrAccount: ManagementAccountValues[];
}

export interface SoftwareValues {
  id?: string;
  name: string;
  version: string;
  username: string;
  password: string;
  serverUrl: string;
  /** Not shown (spec 001 §3); kept as loaded so a save does not drop them. */
  apiKeys: Record<string, string>;
}

export interface FirmFormValues {
  id: string;
  name: string;
  status: FirmStatus;
  industry: string;
  email: string;
  establishedYear: string;
  numberOfEmployees: string;
  revenue: string;
  address: string;
  contactNumber: string;
  website: string;
  notes: string;
  brokers: BrokerValues[];
  managerSoftware: SoftwareValues[];
  /** The three key maps are not shown (spec 001 §3); kept as loaded. */
  payoutKeys: Record<string, unknown>;
  stripeKeys: Record<string, unknown>;
  serverKeys: Record<string, unknown>;
}

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** An empty input is no number; anything else is read as one (a stray letter fails validation). */
function numberOf(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

export function managementAccountValues(
  account: Partial<Record<keyof ManagementAccountValues, string>> = createNewManagementAccount(),
): ManagementAccountValues {
  return {
    ...(account.id && { id: account.id }),
    accountNumber: text(account.accountNumber),
    accountType: (account.accountType as ManagementAccountType | undefined) ?? 'FCM',
    description: text(account.description),
    username: text(account.username),
    password: text(account.password),
    connection: text(account.connection),
    url: text(account.url),
  };
}

type BrokerLike = Partial<Omit<Firm['brokers'][number], 'mgrAccount'>> & {
  mgrAccount?: Firm['brokers'][number]['mgrAccount'];
};

export function brokerValues(broker: BrokerLike = createNewBroker() as BrokerLike): BrokerValues {
  return {
    ...(broker.id && { id: broker.id }),
    name: broker.name ?? 'Rithmic',
    address: text(broker.address),
    contactNumber: text(broker.contactNumber),
    email: text(broker.email),
    website: text(broker.website),
    establishedYear: text(broker.establishedYear),
    numberOfEmployees: text(broker.numberOfEmployees),
    revenue: text(broker.revenue),
    industry: text(broker.industry),
    mgrAccount: (broker.mgrAccount ?? []).map((account) => managementAccountValues(account)),
  };
}

export function softwareValues(
  software: Partial<Firm['managerSoftware'][number]> = {},
): SoftwareValues {
  return {
    ...(software.id && { id: software.id }),
    name: text(software.name),
    version: text(software.version),
    username: text(software.username),
    password: text(software.password),
    serverUrl: text(software.serverUrl),
    apiKeys: software.apiKeys ?? {},
  };
}

/** A new firm (active, nothing else) or a stored one, as the form shows it. */
export function firmFormValues(firm?: Firm): FirmFormValues {
  return {
    id: firm?.id ?? '',
    name: text(firm?.name),
    status: firm?.status ?? 'active',
    industry: text(firm?.industry),
    email: text(firm?.email),
    establishedYear: text(firm?.establishedYear),
    numberOfEmployees: text(firm?.numberOfEmployees),
    revenue: text(firm?.revenue),
    address: text(firm?.address),
    contactNumber: text(firm?.contactNumber),
    website: text(firm?.website),
    notes: text(firm?.notes),
    brokers: (firm?.brokers ?? []).map((broker) => brokerValues(broker)),
    managerSoftware: (firm?.managerSoftware ?? []).map((software) => softwareValues(software)),
    payoutKeys: firm?.payoutKeys ?? {},
    stripeKeys: firm?.stripeKeys ?? {},
    serverKeys: firm?.serverKeys ?? {},
  };
}

/** The body the form's values stand for: numbers read, empty numbers left out. */
export function firmBodyOf(values: FirmFormValues) {
  return {
    ...values,
    establishedYear: numberOf(values.establishedYear),
    numberOfEmployees: numberOf(values.numberOfEmployees),
    revenue: numberOf(values.revenue),
    brokers: values.brokers.map((broker) => ({
      ...broker,
      establishedYear: numberOf(broker.establishedYear),
      numberOfEmployees: numberOf(broker.numberOfEmployees),
      revenue: numberOf(broker.revenue),
    })),
  };
}

/** The form's values, converted, then validated by the API's own body schema. */
export const firmFormSchema = z.preprocess(
  (values: FirmFormValues) => firmBodyOf(values),
  firmSaveBodySchema,
);
