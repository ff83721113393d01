import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { smallButton } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { ApiError } from '../../lib/api.ts';
import { ACCEPT_ATTRIBUTE, checkImageFile, UploadError, uploadImage } from './upload.ts';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; fileName: string }
  | { status: 'done'; url: string; fileName: string }
  | { status: 'error'; message: string };

interface Props {
  /** Called with the stored image's URL (a path on this site) after a successful upload. */
  onUploaded: (imageUrl: string) => void;
  label?: string;
  /** e.g. 'Recommended: 600x400'. */
  hint?: string;
  disabled?: boolean;
}

const statusText = (state: UploadState): string => {
  if (state.status === 'uploading') return state.percent >= 100 ? 'Upload sent, waiting for the server…' : `Uploading ${state.fileName}…`;
  if (state.status === 'done') return `Uploaded ${state.fileName}`;
  return '';
};

/**
 * Choose an image, check it here (type, 5MB), upload it with real progress (D22) and preview it
 * (admin.md §4, §5, §8). Used by every image manager.
 */
export default function ImageUpload({ onUploaded, label = 'Upload image', hint, disabled = false }: Props) {
  const id = useId();
  const inputId = `${id}-file`;
  const progressId = `${id}-progress`;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Leaving the screen mid-upload stops the request.
  useEffect(() => () => controller.current?.abort(), []);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setState({ status: 'error', message: problem });
      e.target.value = '';
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'uploading', percent: 0, fileName: file.name });
    try {
      const url = await uploadImage(file, {
        signal: current.signal,
        onProgress: (percent) => {
          if (controller.current === current) setState({ status: 'uploading', percent, fileName: file.name });
        },
      });
      if (controller.current !== current) return;
      setState({ status: 'done', url, fileName: file.name });
      onUploaded(url);
    } catch (err) {
      if (controller.current !== current) return;
      if (err instanceof UploadError && err.kind === 'aborted') {
        setState({ status: 'idle' });
      } else {
        // A 401 also opens the sign-in dialog over the screen, so the admin can sign in and retry.
        if (err instanceof UploadError && err.kind === 'unauthenticated') sessionEnded(new ApiError(401, 'Unauthorized', null));
        setState({ status: 'error', message: err instanceof Error ? err.message : 'Failed to upload image' });
      }
    } finally {
      if (controller.current === current) controller.current = null;
      if (input.current) input.current.value = '';
    }
  };

  const uploading = state.status === 'uploading';
  const percent = state.status === 'uploading' ? state.percent : state.status === 'done' ? 100 : 0;
  const describedBy = [hint ? `${id}-hint` : '', state.status === 'error' ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled || uploading}
        onChange={(e) => void onChange(e)}
        aria-describedby={describedBy || undefined}
        aria-invalid={state.status === 'error' ? true : undefined}
        className="block w-full max-w-full text-sm text-ink file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-ink hover:file:bg-stone-100 disabled:cursor-not-allowed"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        JPEG, PNG, WebP, AVIF or GIF, up to 5MB.{hint ? ` ${hint}` : ''}
      </p>

      <div aria-live="polite" className="flex flex-col gap-2">
        {(state.status === 'uploading' || state.status === 'done') && (
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2 text-sm">
              <label htmlFor={progressId} className="font-medium">
                Upload progress
              </label>
              <span className="tabular-nums">{percent}%</span>
            </div>
            <progress id={progressId} max={100} value={percent} className="h-2 w-full accent-brand-700" />
            <p className="text-sm text-muted">{statusText(state)}</p>
          </div>
        )}
        {state.status === 'error' && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
            {state.message}
          </p>
        )}
      </div>

      {uploading && (
        <p>
          <button type="button" className={smallButton} onClick={() => controller.current?.abort()}>
            Cancel upload
          </button>
        </p>
      )}

      {state.status === 'done' && (
        <figure className="flex items-center gap-3">
          <img
            src={state.url}
            alt={`Uploaded: ${state.fileName}`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-lg border border-stone-200 bg-stone-100 object-cover"
          />
          <figcaption className="min-w-0 text-sm">
            <span className="block font-medium">Uploaded image</span>
            <span className="block break-all text-muted">{state.url}</span>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
