import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { answerConfirmation, captureScreen, expectText, openScreen, tableRows, WAIT } from './app';
import { expectAccessible, screenshot } from './browser';

type Noun = 'Locations' | 'Contacts';

/** 'location' and 'locations', 'contact' and 'contacts': the words of the messages about rows. */
function wordsFor(noun: Noun) {
  const plural = noun.toLowerCase();
  return { singular: plural.slice(0, -1), plural };
}

/** A file of e2e/fixtures. */
const fixturePath = (name: string) => path.resolve(import.meta.dirname, '../fixtures', name);

/** The bulk upload under Settings > Locations or Contacts: pick a file, process it, close. */
export function csvImport(page: Page, noun: Noun) {
  const dialog = page.getByRole('dialog', { name: `Upload ${noun} CSV` });
  const closeButton = dialog.getByRole('button', { name: 'Close', exact: true });
  /** Imports the previewed rows and returns the dialog's text once the outcome shows. */
  async function confirm(): Promise<string> {
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await closeButton.waitFor();
    return (await dialog.textContent()) ?? '';
  }
  async function close(): Promise<void> {
    await closeButton.click();
    await dialog.waitFor({ state: 'hidden' });
  }
  return {
    dialog,
    /** Picks a fixture file, as the file chooser would. */
    choose: (fileName: string) => page.getByLabel(`${noun} CSV file`).setInputFiles(fixturePath(fileName)),
    /** Processes the chosen file and returns the dialog's text once its problems or its preview show. */
    async process(): Promise<string> {
      await dialog.getByRole('button', { name: 'Process File' }).click();
      await dialog.getByRole('button', { name: /^(Close|Import)$/ }).waitFor();
      return (await dialog.textContent()) ?? '';
    },
    confirm,
    /**
     * Imports the previewed rows as `login` with screenshots of the preview and of the outcome,
     * closes the dialog and returns the outcome's text.
     */
    async importPreviewed(login: string): Promise<string> {
      const { singular } = wordsFor(noun);
      await captureScreen(page, `${singular}-import-preview-${login}`);
      const outcome = await confirm();
      await screenshot(page, `${singular}-import-done-${login}-desktop`);
      await expectAccessible(page);
      await close();
      return outcome;
    },
    /** The red list of row problems. */
    errors: () => dialog.getByRole('alert').getByRole('listitem').allTextContents(),
    close,
  };
}

/**
 * The list under Settings > Locations or Contacts. `nameCell` finds the cell that shows a row's
 * name (the list reloads after saves and imports, so the tests wait for it).
 */
export function settingsList(page: Page, noun: Noun, nameCell: (table: Locator, name: string) => Locator) {
  const table = page.getByRole('table', { name: noun, exact: true });
  const words = wordsFor(noun);
  /** The rows' cells, without the box of Delete selected (where the list has one). */
  async function rows(): Promise<string[][]> {
    const cells = await tableRows(table);
    const boxed = (await table.getByRole('checkbox').count()) > 0;
    return boxed ? cells.map((row) => row.slice(1)) : cells;
  }
  const waitForRow = (name: string) => nameCell(table, name).waitFor();
  return {
    table,
    names: async () => (await rows()).map((row) => row[0] ?? ''),
    rowOf: async (name: string) => (await rows()).find((row) => row[0] === name),
    search: page.getByRole('searchbox', { name: 'Search' }),
    waitForRow,
    /** Opens the list and, when named, waits for a row. */
    async open(firstRow?: string): Promise<void> {
      await openScreen(page, noun === 'Contacts' ? '/contact-list' : '/location-list', noun);
      if (firstRow) await waitForRow(firstRow);
    },
    /**
     * Deletes the `count` ticked rows with the bar's Delete selected and its confirmation, with a
     * screenshot `shot` of the question; returns the question once the rows are said to be deleted.
     */
    async deleteTicked(count: number, shot: string): Promise<string> {
      const rowsNamed = `${count} ${count === 1 ? words.singular : words.plural}`;
      const bar = page.getByRole('group', { name: `Selected ${words.plural}` });
      await bar.getByRole('button', { name: 'Delete selected' }).click();
      await page.getByRole('dialog').waitFor(WAIT);
      await screenshot(page, shot);
      await expectAccessible(page);
      const question = await answerConfirmation(page, `Delete ${rowsNamed}`);
      await expectText(page, `${rowsNamed} deleted.`);
      return question;
    },
  };
}
