import { useId, useState } from 'react';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

/**
 * Uploads an offer's picture (kept in the database, served by the app under its hash) and
 * gives its address and size to the offer's image fields; the server says why a file is refused.
 */
export function ImageUpload({ onUploaded }: { onUploaded: (image: { src: string; width: number; height: number }) => void }) {
  const id = useId();
  const [said, setSaid] = useState('');
  const { busy, error, run } = useAction();
  const upload = (file: File | undefined) =>
    run(async () => {
      setSaid('');
      if (!file) return;
      const image = await campaignStudioApi.uploadImage(file);
      onUploaded(image);
      setSaid(`${file.name} uploaded: ${image.width} × ${image.height} pixels. Describe it in “Image text”.`);
    });
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <label>
        <span className={styles.label}>Upload a picture</span>
        <input
          className={styles.input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        PNG, JPEG or WebP, at most 2 MB and 4000 pixels a side. It fills in the address and size below.
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <p role="status">{busy ? 'Uploading…' : said}</p>
    </div>
  );
}
