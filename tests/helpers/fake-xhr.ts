import type { UploadXhr } from '../../src/lib/xhr-upload.ts';

/** A scripted XMLHttpRequest for the upload tests: the test drives its events as the browser would. */
export class FakeXhr<Body extends Blob | FormData = Blob | FormData> implements UploadXhr<Body> {
  method = '';
  url = '';
  sent: Body | null = null;
  headers: Record<string, string> = {};
  aborted = false;
  timeout = 0;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: UploadXhr['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: Body) {
    this.sent = body;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The browser's upload progress event. */
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  /** The answer arrives: a string body as it is, anything else as JSON. */
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}
