import { accountMonthlyAmount, billedBlocks, LOCATIONS_PER_BLOCK, PLAN_PRICES } from '@pluvio/shared/plans';
import { TIER_NAMES } from '@pluvio/shared/tiers';
import type { AccountsService } from '../accounts';
import type { ReportDocument, ReportSubject } from './report-document';
import {
  amountFact,
  capitalised,
  column,
  dollars,
  fact,
  filenameBase,
  type ReportContext,
  reportDocument,
} from './report-parts';

/** The historical report fees charged, kept by the reports feature (`account_charges`). */
export interface ReportCharges {
  /** Dollars charged per account id for days `from` to `to` (product time zone, both included; null: open). */
  totalsByAccount(from: string | null, to: string | null): Promise<Map<number, number>>;
}

export interface AccountReportDeps {
  accounts: Pick<AccountsService, 'allClients' | 'unpaidClients'>;
  charges: ReportCharges;
}

const periodWords = (subject: ReportSubject) =>
  subject.from || subject.to
    ? `from ${subject.from ?? 'the start'} to ${subject.to ?? 'today'}`
    : 'at any time';

/** The columns both account reports describe an account with. */
const ACCOUNT_COLUMNS = {
  account: column('account', 'Account', 'text'),
  type: column('type', 'Type', 'text'),
  tier: column('tier', 'Tier', 'text'),
  locations: column('locations', 'Locations', 'count'),
};

/** Superusers: accounts whose last payment is unpaid or failed, to follow up. */
export async function unpaidReport(deps: AccountReportDeps, context: ReportContext): Promise<ReportDocument> {
  const clients = await deps.accounts.unpaidClients();
  return reportDocument(context, {
    title: 'Unpaid Accounts Report',
    accountName: null,
    period: null,
    facts: [
      fact('Accounts', clients.length),
      fact('Unpaid', clients.filter((client) => client.lastPaymentStatus === 'unpaid').length),
      fact('Failed', clients.filter((client) => client.lastPaymentStatus === 'failed').length),
    ],
    notes: [`Accounts whose last payment is unpaid or failed, as of ${context.today}.`],
    summary: {
      columns: [
        ACCOUNT_COLUMNS.account,
        column('email', 'E-mail', 'text'),
        ACCOUNT_COLUMNS.type,
        ACCOUNT_COLUMNS.tier,
        column('lastPayment', 'Last payment', 'text'),
        column('renewalDay', 'Renewal day', 'count'),
        ACCOUNT_COLUMNS.locations,
      ],
      rows: clients.map((client) => ({
        account: client.accountName,
        email: client.email ?? client.ownerEmail,
        type: capitalised(client.accountType),
        tier: capitalised(client.tier),
        lastPayment: capitalised(client.lastPaymentStatus ?? ''),
        renewalDay: client.invoiceDay,
        locations: client.locationsCount,
      })),
      emptyText: 'No account has an unpaid or failed last payment',
    },
    sections: [],
    filenameBase: filenameBase('unpaid', context.today),
  });
}

/** Superusers: every account's monthly amount at the plan prices and the historical fees charged. */
export async function billingReport(
  subject: ReportSubject,
  deps: AccountReportDeps,
  context: ReportContext,
): Promise<ReportDocument> {
  const [clients, fees] = await Promise.all([
    deps.accounts.allClients(),
    deps.charges.totalsByAccount(subject.from, subject.to),
  ]);
  const rows = clients.map((client) => {
    const monthly = accountMonthlyAmount(client, client.locationsCount);
    const charged = fees.get(client.id) ?? 0;
    return {
      account: client.accountName,
      type: capitalised(client.accountType),
      trial: client.isTrialAccount,
      tier: capitalised(client.tier),
      locations: client.locationsCount,
      blocks: billedBlocks(client.locationsCount),
      monthly,
      fees: charged,
      total: monthly + charged,
    };
  });
  const sum = (key: 'monthly' | 'fees' | 'total') => rows.reduce((total, row) => total + row[key], 0);
  const prices = TIER_NAMES.map((tier) => `${capitalised(tier)} ${dollars(PLAN_PRICES[tier])}`).join(', ');
  return reportDocument(context, {
    title: 'Billing Report',
    accountName: null,
    period: subject.from && subject.to ? { from: subject.from, to: subject.to } : null,
    facts: [
      fact('Accounts', rows.length),
      fact('Paying accounts', rows.filter((row) => row.monthly > 0).length),
      amountFact('Monthly amounts', sum('monthly'), 'money'),
      amountFact('Historical fees', sum('fees'), 'money'),
      amountFact('Total', sum('total'), 'money'),
    ],
    notes: [
      `Monthly amounts at the plan prices per block of ${LOCATIONS_PER_BLOCK} locations a month (${prices}), at least one block; trial, free and demo accounts pay nothing.`,
      `Historical fees: the historical report fees charged ${periodWords(subject)}.`,
    ],
    summary: {
      columns: [
        ACCOUNT_COLUMNS.account,
        ACCOUNT_COLUMNS.type,
        column('trial', 'Trial', 'yesno'),
        ACCOUNT_COLUMNS.tier,
        ACCOUNT_COLUMNS.locations,
        column('blocks', `Blocks of ${LOCATIONS_PER_BLOCK}`, 'count'),
        column('monthly', 'Monthly amount', 'money'),
        column('fees', 'Historical fees', 'money'),
        column('total', 'Total', 'money'),
      ],
      rows,
      emptyText: 'No accounts',
    },
    sections: [],
    filenameBase: filenameBase('billing', subject.from ?? context.today, subject.to ?? ''),
  });
}
