/**
 * /customize-site (issue 17): the design editor. The sections on one side
 * (drag, or the keyboard, to reorder; add from the palette; settings; hide,
 * duplicate, delete with undo), the server-rendered preview of the draft on
 * the other at phone or desktop width, the theme and site-wide settings,
 * autosave, Publish, Discard and the published versions to restore. This
 * module and dnd-kit load only on this page (router.tsx makes it a chunk).
 */
import { useEffect, useMemo, useState } from 'react';
import { listMedia } from '../../../common/api/media.ts';
import { listPosts } from '../../../common/api/posts.ts';
import { SECTION_LABELS, type Section, type SectionType } from '../../../common/design.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { call } from '../../lib/api.ts';
import { addSection, duplicateSection, moveSection, removeSection, sectionName, updateSection } from './design-edits.ts';
import type { LibraryItem } from './fields.tsx';
import { Palette } from './Palette.tsx';
import { PreviewFrame, type PreviewWidth } from './PreviewFrame.tsx';
import { SectionForm, type PostChoice } from './SectionForm.tsx';
import { SectionList } from './SectionList.tsx';
import { SiteForm, ThemePicker } from './SiteForm.tsx';
import { useDesignDraft, type SaveStatus } from './useDesignDraft.ts';
import './customize-site.css';

const STATUS_WORDS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  invalid: 'Not saved: a setting needs fixing.',
  failed: 'Not saved: we could not reach the server. Your changes are kept here; we try again with your next change.',
  conflict: 'Your design was changed in another tab or window. Load the latest version to keep editing.',
};

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Tab = 'sections' | 'site';

function useLibrary(): { library: LibraryItem[]; posts: PostChoice[] } {
  const [library, setLibrary] = useState<LibraryItem[]>([]);
  const [posts, setPosts] = useState<PostChoice[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // Pickers without choices still work (None), so a failure here only leaves them empty.
    call(listMedia, { query: { status: 'ready' }, signal: controller.signal }).then(
      ({ media }) => setLibrary(media.map((item) => ({ id: item.id, name: item.alt || item.originalName, kind: item.kind, thumbnail: item.urls.thumbnail }))),
      () => undefined,
    );
    call(listPosts, { query: { status: 'published' }, signal: controller.signal }).then(
      ({ posts: list }) => setPosts(list.map((post) => ({ id: post.id, title: post.title }))),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return { library, posts };
}

export default function CustomizeSitePage() {
  usePageMeta({ title: 'Customize site | Creator Platform', robots: 'noindex' });
  const draft = useDesignDraft();
  const { library, posts } = useLibrary();
  const [tab, setTab] = useState<Tab>('sections');
  const [selected, setSelected] = useState<string | undefined>();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [notice, setNotice] = useState<{ text: string; undo?: boolean } | undefined>();
  const [busy, setBusy] = useState<'publish' | 'discard' | 'restore' | undefined>();

  const { design, state } = draft;
  const section = useMemo(() => design?.sections.find((item) => item.id === selected), [design, selected]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // Inside a text box the browser's own undo applies.
      if (target.closest('input, textarea, select')) return;
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      if (event.shiftKey) draft.redo();
      else draft.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [draft]);

  if (draft.loadError === 'site-required') {
    return (
      <section className="design">
        <h1 className="design__heading">Customize site</h1>
        <p className="design__hint">You have not set up your site yet. Choose its address and title first, then come back to design it here.</p>
        <Button to="/onboarding">Set up your site</Button>
      </section>
    );
  }
  if (draft.loadError) {
    return (
      <section className="design">
        <h1 className="design__heading">Customize site</h1>
        <LiveMessage tone="error">We could not load your design. Please check your connection and try again.</LiveMessage>
        <Button variant="secondary" onClick={draft.reload}>
          Try again
        </Button>
      </section>
    );
  }
  if (!design || !state) {
    return (
      <section className="design" aria-busy="true">
        <h1 className="design__heading">Customize site</h1>
        <p className="design__loading">
          <Spinner size="sm" /> Loading your design…
        </p>
      </section>
    );
  }

  const edit = draft.edit;
  const add = (type: SectionType) => {
    const next = addSection(design, type);
    edit(next);
    setSelected(next.sections.at(-1)?.id);
    setNotice({ text: `${SECTION_LABELS[type]} added at the end of the page.` });
  };
  const remove = (id: string) => {
    const gone = design.sections.find((item) => item.id === id);
    edit(removeSection(design, id));
    if (selected === id) setSelected(undefined);
    setNotice({ text: `${gone ? sectionName(gone) : 'Section'} deleted.`, undo: true });
  };
  const act = async (kind: 'publish' | 'discard', run: () => Promise<boolean>, done: string) => {
    setBusy(kind);
    const ok = await run();
    setBusy(undefined);
    if (ok) setNotice({ text: done });
  };

  return (
    <section className="design" aria-labelledby="design-heading">
      <div className="design__top">
        <h1 id="design-heading" className="design__heading">
          Customize site
        </h1>
        <div className="design__toolbar">
          <button type="button" className="design__tool" onClick={draft.undo} disabled={!draft.canUndo}>
            Undo
          </button>
          <button type="button" className="design__tool" onClick={draft.redo} disabled={!draft.canRedo}>
            Redo
          </button>
          <p className={`design__status design__status--${draft.status}`} role="status">
            {STATUS_WORDS[draft.status]}
            {draft.status === 'invalid' && draft.problem ? ` ${draft.problem}` : ''}
          </p>
          {draft.status === 'conflict' && (
            <button type="button" className="design__tool" onClick={draft.reload}>
              Load the latest version
            </button>
          )}
          <button type="button" className="design__tool" disabled={!state.hasDraft || busy !== undefined} onClick={() => void act('discard', draft.discard, 'Draft discarded: you see the published design again.')}>
            {busy === 'discard' ? 'Discarding…' : 'Discard'}
          </button>
          <button type="button" className="design__publish" disabled={busy !== undefined || draft.status === 'conflict' || draft.status === 'invalid' || (draft.status === 'saved' && !state.hasDraft && state.published !== null)} onClick={() => void act('publish', draft.publish, 'Published: visitors now see this design.')}>
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </div>
      <div className="design__notice">
        <LiveMessage tone="info">
          {notice && (
            <>
              {notice.text}{' '}
              {notice.undo && (
                <button
                  type="button"
                  className="design-link-button"
                  onClick={() => {
                    draft.undo();
                    setNotice({ text: 'Section restored.' });
                  }}
                >
                  Undo
                </button>
              )}
            </>
          )}
        </LiveMessage>
      </div>

      <div className="design__body">
        <div className="design__panel">
          <div className="design__tabs" role="group" aria-label="What to edit">
            <button type="button" className="design__tab" aria-pressed={tab === 'sections'} onClick={() => setTab('sections')}>
              Sections
            </button>
            <button type="button" className="design__tab" aria-pressed={tab === 'site'} onClick={() => setTab('site')}>
              Theme and site
            </button>
          </div>
          {tab === 'sections' ? (
            <>
              <SectionList
                sections={design.sections}
                selected={selected}
                onSelect={(id) => setSelected(id === selected ? undefined : id)}
                onMove={(from, to) => edit(moveSection(design, from, to))}
                onToggleHidden={(id) => edit(updateSection(design, id, { hidden: !design.sections.find((item) => item.id === id)?.hidden }))}
                onDuplicate={(id) => edit(duplicateSection(design, id))}
                onDelete={remove}
              />
              {section && (
                <form className="design__form" aria-label={`Settings of ${sectionName(section)}`} onSubmit={(event) => event.preventDefault()}>
                  <h2 className="design__subheading">{SECTION_LABELS[section.type]} settings</h2>
                  <SectionForm
                    key={section.id}
                    section={section}
                    library={library}
                    posts={posts}
                    onChange={(settings: Section['settings'], group) => edit(updateSection(design, section.id, { settings }), group)}
                  />
                </form>
              )}
              <h2 className="design__subheading">Add a section</h2>
              <Palette onAdd={add} />
            </>
          ) : (
            <form className="design__form" aria-label="Theme and site" onSubmit={(event) => event.preventDefault()}>
              <ThemePicker design={design} onChange={edit} />
              <SiteForm design={design} library={library} onChange={edit} />
            </form>
          )}
          <section className="design__versions" aria-labelledby="versions-heading">
            <h2 id="versions-heading" className="design__subheading">
              Published versions
            </h2>
            {state.versions.length === 0 ? (
              <p className="design__hint">Nothing published yet: visitors see today’s layout until you publish.</p>
            ) : (
              <ol className="versions">
                {state.versions.map((version, index) => (
                  <li key={version.id} className="versions__item">
                    <span>
                      Version {version.version}
                      {index === 0 ? ' (live)' : ''} · {DATE_TIME.format(new Date(version.publishedAt))}
                    </span>
                    <button
                      type="button"
                      className="design__tool"
                      disabled={busy !== undefined}
                      aria-label={`Restore version ${version.version}`}
                      onClick={async () => {
                        setBusy('restore');
                        const ok = await draft.restore(version.id);
                        setBusy(undefined);
                        if (ok) setNotice({ text: `Version ${version.version} is in your draft. Publish to make it live.` });
                      }}
                    >
                      Restore
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <div className="design__preview">
          <div className="design__preview-bar">
            <div className="design__tabs" role="group" aria-label="Preview width">
              <button type="button" className="design__tab" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
                Phone
              </button>
              <button type="button" className="design__tab" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
                Desktop
              </button>
            </div>
            <a href={state.siteUrl} target="_blank" rel="noopener">
              View your site
            </a>
          </div>
          <PreviewFrame url={state.previewUrl} width={width} design={draft.design} saved={draft.saved} />
        </div>
      </div>
    </section>
  );
}
