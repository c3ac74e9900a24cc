/** The reply under a conversation: text, and up to a few images from the media library. */
import { useId, useState } from 'react';
import * as messagesApi from '../../../../common/api/messages.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS } from '../../../../common/messaging.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { REPLY } from '../../../content/messages.ts';
import { call } from '../../../lib/api.ts';
import { MediaPicker, type PickedImage } from './MediaPicker.tsx';

export function ReplyForm({ id, onSent }: { id: string; onSent: (message: messagesApi.MessageJson) => void }) {
  const textId = useId();
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [picking, setPicking] = useState(false);
  const { errors, message, busy, handleSubmit } = useFormSubmit<'text'>({ fieldIds: { text: textId }, problemFor: (code) => ({ message: SERVER_MESSAGES[code] }) });

  const send = handleSubmit({
    check: () => (text.trim() ? {} : { text: REPLY.empty }),
    send: async () => {
      const answer = await call(messagesApi.reply, { params: { id }, body: { text, mediaIds: images.map((image) => image.id) } });
      onSent(answer.message);
      setText('');
      setImages([]);
    },
  });

  return (
    <form className="thread__reply" onSubmit={(event) => void send(event)}>
      <label htmlFor={textId} className="field__label">
        Your reply
      </label>
      <textarea id={textId} className="field__input" rows={3} maxLength={MESSAGE_MAX_CHARS} value={text} onChange={(event) => setText(event.target.value)} />
      {images.length > 0 && (
        <ul className="thread__attached" aria-label="Attached images">
          {images.map((image) => (
            <li key={image.id}>
              <img src={image.url} alt={image.alt} width="56" height="56" />
              <button type="button" className="thread__remove" onClick={() => setImages((list) => list.filter((item) => item.id !== image.id))}>
                Remove<span className="visually-hidden"> {image.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LiveMessage tone="error">{errors.text ?? message}</LiveMessage>
      <div className="thread__reply-actions">
        <Button type="button" variant="secondary" disabled={images.length >= MESSAGE_MAX_ATTACHMENTS} onClick={() => setPicking(true)}>
          Attach an image
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </div>
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(image) => {
          setImages((list) => (list.some((item) => item.id === image.id) ? list : [...list, image].slice(0, MESSAGE_MAX_ATTACHMENTS)));
          setPicking(false);
        }}
      />
    </form>
  );
}
