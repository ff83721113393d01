/**
 * The Packages tab's calls (D40); types come from the routes. The COA and the CSV are sent as the
 * request body itself, which the typed client does not send, so those two go through `ok` with
 * the same credentials and error handling.
 */
import { api, call, ok } from '../../lib/api.ts';
import type { AdminPackage } from '../inventory/package-view.ts';
import type {
  PackageAdjustInput,
  PackageFinishInput,
  PackageReceiveInput,
  PackagesQuery,
  PackageUpdateInput,
} from '../inventory/packages.schema.ts';
import { PACKAGES_CSV_URLS, type PackageImportReport } from './package-csv.ts';

const admin = api.admin;
const param = (id: number) => ({ param: { id: String(id) } });

/** Sends `body` as it is to an admin route and reads its JSON answer. */
async function sendFile<T>(url: string, method: 'PUT' | 'POST', body: Blob, type: string): Promise<T> {
  const res = await ok(
    fetch(url, { method, body, headers: { 'content-type': type, accept: 'application/json' }, credentials: 'same-origin' }),
  );
  return (await res.json()) as T;
}

export const packagesApi = {
  list: (query: { productId?: string; status?: PackagesQuery['status'] }) => call(admin.packages.$get({ query })),
  receive: (json: PackageReceiveInput) => call(admin.packages.$post({ json })),
  update: (id: number, json: PackageUpdateInput) => call(admin.packages[':id'].$patch({ ...param(id), json })),
  adjust: (id: number, json: PackageAdjustInput) => call(admin.packages[':id'].adjust.$post({ ...param(id), json })),
  finish: (id: number, json: PackageFinishInput) => call(admin.packages[':id'].finish.$post({ ...param(id), json })),
  uploadCoa: (id: number, file: Blob) => sendFile<AdminPackage>(`/api/admin/packages/${id}/coa`, 'PUT', file, 'application/pdf'),
  importCsv: (file: Blob, dryRun: boolean) =>
    sendFile<PackageImportReport>(`${PACKAGES_CSV_URLS.import}${dryRun ? '?dryRun=1' : ''}`, 'POST', file, 'text/csv; charset=utf-8'),
};
