/**
 * The post being edited and its saving. Every change bumps a version; a save
 * sends the version it saw and the post counts as saved up to it, so typing
 * during a save is never marked saved. Drafts save themselves about two
 * seconds after the last change; published and scheduled posts save only on
 * an explicit action. A failed save keeps every change here and says so; the
 * next change (or "Retry") tries again. Saves never overlap.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as postsApi from '../../../../common/api/posts.ts';
import type { EditorDocument, PostStatus, PostVisibility } from '../../../../common/posts.ts';
import { ApiError, call } from '../../../lib/api.ts';

export const AUTOSAVE_DELAY_MS = 2000;
const EMPTY_DOCUMENT: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

export interface DraftFields {
  title: string;
  /** Set once the creator edits the slug; until then the server makes it from the title. */
  slug: string | undefined;
  excerpt: string;
  visibility: PostVisibility;
  /** The tiers a `tiers` post opens to. */
  tierIds: string[];
  coverMediaId: string | null;
}

export type SaveState = 'new' | 'saved' | 'unsaved' | 'saving' | 'failed';

export interface StatusChange {
  status: PostStatus;
  publishAt?: string | null;
}

function fieldsOf(post: postsApi.Post | null): DraftFields {
  return {
    title: post?.title ?? '',
    slug: undefined,
    excerpt: post?.excerpt ?? '',
    visibility: post?.visibility ?? 'public',
    tierIds: post?.tierIds ?? [],
    coverMediaId: post?.coverMediaId ?? null,
  };
}

export function usePostDraft(initial: postsApi.Post | null, initialHandle: string | null) {
  const [post, setPost] = useState(initial);
  const [handle, setHandle] = useState(initialHandle);
  const [fields, setFields] = useState(() => fieldsOf(initial));
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [savedUpTo, setSavedUpTo] = useState(0);

  const postRef = useRef(initial);
  const fieldsRef = useRef(fields);
  const documentRef = useRef<EditorDocument>(initial?.body ?? EMPTY_DOCUMENT);
  const versionRef = useRef(0);
  const savedVersion = useRef(0);
  const failedVersion = useRef(-1);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const mounted = useRef(true);

  const bump = () => {
    versionRef.current += 1;
    setVersion(versionRef.current);
  };

  const changeFields = useCallback((patch: Partial<DraftFields>) => {
    fieldsRef.current = { ...fieldsRef.current, ...patch };
    setFields(fieldsRef.current);
    bump();
  }, []);

  const changeDocument = useCallback((document: EditorDocument) => {
    documentRef.current = document;
    bump();
  }, []);

  /** Sends the post as it is now, with a status change if given; resolves to whether it was saved. */
  const save = useCallback((change?: StatusChange): Promise<boolean> => {
    const run = async () => {
      const sentVersion = versionRef.current;
      const current = fieldsRef.current;
      const body: postsApi.PostPatch = {
        title: current.title.trim(),
        body: documentRef.current,
        excerpt: current.excerpt.trim(),
        visibility: current.visibility,
        ...(current.visibility === 'tiers' ? { tierIds: current.tierIds } : {}),
        coverMediaId: current.coverMediaId,
        ...(current.slug !== undefined ? { slug: current.slug } : {}),
        ...change,
      };
      setSaving(true);
      setFailure(null);
      try {
        const existing = postRef.current;
        const answer = existing
          ? await call(postsApi.updatePost, { params: { id: existing.id }, body })
          : await call(postsApi.createPost, { body: { ...body, title: body.title ?? '' } });
        if (!existing && mounted.current) {
          // The address becomes the post's own without remounting the editor (which would lose the caret and the undo history).
          window.history.replaceState(window.history.state, '', `/upload/posts/${answer.post.id}`);
        }
        postRef.current = answer.post;
        setPost(answer.post);
        setHandle(answer.handle);
        savedVersion.current = Math.max(savedVersion.current, sentVersion);
        setSavedUpTo(savedVersion.current);
        return true;
      } catch (error) {
        failedVersion.current = sentVersion;
        setFailure(error instanceof ApiError ? error : new ApiError('internal-error', 0));
        return false;
      } finally {
        setSaving(false);
      }
    };
    const next = queue.current.then(run, run);
    queue.current = next;
    return next;
  }, []);

  /** Forgets unsaved changes: after a delete, nothing is left to save. */
  const discard = useCallback(() => {
    savedVersion.current = versionRef.current;
    setSavedUpTo(versionRef.current);
  }, []);

  const autosaves = post === null || post.status === 'draft';
  const dirty = version > savedUpTo;

  useEffect(() => {
    // A failure is retried by the next change or by the creator, not in a loop.
    if (!autosaves || saving || !dirty || failedVersion.current === version) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autosaves, saving, dirty, version, save]);

  useEffect(() => {
    if (!dirty && !saving) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saving]);

  // Leaving the editor inside the app saves a draft's last changes on the way out.
  const autosavesRef = useRef(autosaves);
  useEffect(() => {
    autosavesRef.current = autosaves;
  }, [autosaves]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      // Saved after the editor is gone: the page shown by then keeps its own address.
      mounted.current = false;
      if (autosavesRef.current && versionRef.current > savedVersion.current) void save();
    };
  }, [save]);

  const saveState: SaveState = saving ? 'saving' : failure && dirty ? 'failed' : dirty ? 'unsaved' : post ? 'saved' : 'new';
  return { post, handle, fields, changeFields, changeDocument, save, discard, saveState, failure, dirty, autosaves };
}
