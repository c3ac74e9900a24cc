/**
 * /customize-site (issue 17): the design editor. The sections on one side
 * (drag, or the keyboard, to reorder; add from the palette; settings; hide,
 * duplicate, delete with undo), the server-rendered preview of the draft on
 * the other at phone or desktop width, the theme and site-wide settings,
 * autosave, Publish, Discard and the published versions to restore (both ask
 * first when a draft would be lost, docs/decisions/149). This
 * module and dnd-kit load only on this page (router.tsx makes it a chunk).
 */
import { useEffect, useMemo, useState } from 'react';
import { SECTION_LABELS, type Section, type SectionType } from '../../../common/design.ts';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { DESIGN_CONFIRM, DESIGN_PAGE } from '../../content/design.ts';
import { addSection, duplicateSection, moveSection, removeSection, sectionName, updateSection } from './design-edits.ts';
import { DesignToolbar, type DesignAction } from './DesignToolbar.tsx';
import { Palette } from './Palette.tsx';
import { PreviewFrame, type PreviewWidth } from './PreviewFrame.tsx';
import { PublishedVersions } from './PublishedVersions.tsx';
import { SectionForm } from './SectionForm.tsx';
import { SectionList } from './SectionList.tsx';
import { SiteForm, ThemePicker } from './SiteForm.tsx';
import { useDesignDraft } from './useDesignDraft.ts';
import { useLibrary } from './useLibrary.ts';
import './customize-site.css';
import './design-sections.css';
import './design-fields.css';
import './design-pickers.css';
import './design-preview.css';

type Tab = 'sections' | 'site';

export default function CustomizeSitePage() {
  usePageMeta({ title: 'Customize site | Creator Platform', robots: 'noindex' });
  const draft = useDesignDraft();
  const { library, posts } = useLibrary();
  const [tab, setTab] = useState<Tab>('sections');
  const [selected, setSelected] = useState<string | undefined>();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [notice, setNotice] = useState<{ text: string; undo?: boolean } | undefined>();
  const [busy, setBusy] = useState<DesignAction | undefined>();
  /** The discard, or the version to restore over a draft, waiting for the creator's yes. */
  const [asking, setAsking] = useState<'discard' | { id: string; version: number } | undefined>();

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
        <h1 className="design__heading">{DESIGN_PAGE.heading}</h1>
        <p className="design__hint">{DESIGN_PAGE.siteRequired}</p>
        <Button to="/onboarding">{DESIGN_PAGE.setUpSite}</Button>
      </section>
    );
  }
  if (draft.loadError) {
    return (
      <section className="design">
        <h1 className="design__heading">{DESIGN_PAGE.heading}</h1>
        <LiveMessage tone="error">{DESIGN_PAGE.loadFailed}</LiveMessage>
        <Button variant="secondary" onClick={draft.reload}>
          {DESIGN_PAGE.retry}
        </Button>
      </section>
    );
  }
  if (!design || !state) {
    return (
      <section className="design" aria-busy="true">
        <h1 className="design__heading">{DESIGN_PAGE.heading}</h1>
        <p className="design__loading">
          <Spinner size="sm" /> {DESIGN_PAGE.loading}
        </p>
      </section>
    );
  }

  const edit = draft.edit;
  const add = (type: SectionType) => {
    const next = addSection(design, type);
    edit(next);
    setSelected(next.sections.at(-1)?.id);
    setNotice({ text: DESIGN_PAGE.added(SECTION_LABELS[type]) });
  };
  const remove = (id: string) => {
    const gone = design.sections.find((item) => item.id === id);
    edit(removeSection(design, id));
    if (selected === id) setSelected(undefined);
    setNotice({ text: DESIGN_PAGE.deleted(gone ? sectionName(gone) : 'Section'), undo: true });
  };
  const act = async (kind: DesignAction, run: () => Promise<boolean>, done: string) => {
    setBusy(kind);
    const ok = await run();
    setBusy(undefined);
    if (ok) setNotice({ text: done });
  };

  return (
    <section className="design" aria-labelledby="design-heading">
      <div className="design__top">
        <h1 id="design-heading" className="design__heading">
          {DESIGN_PAGE.heading}
        </h1>
        <DesignToolbar
          draft={draft}
          hasDraft={state.hasDraft}
          neverPublished={state.published === null}
          busy={busy}
          onDiscard={() => setAsking('discard')}
          onPublish={() => void act('publish', draft.publish, DESIGN_PAGE.published)}
        />
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
                    setNotice({ text: DESIGN_PAGE.restoredSection });
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
          <PublishedVersions
            versions={state.versions}
            disabled={busy !== undefined}
            onRestore={(version) =>
              state.hasDraft ? setAsking({ id: version.id, version: version.version }) : void act('restore', () => draft.restore(version.id), DESIGN_PAGE.restoredVersion(version.version))
            }
          />
          <ConfirmDialog
            open={asking !== undefined}
            title={asking === 'discard' ? DESIGN_CONFIRM.discardTitle : DESIGN_CONFIRM.restoreTitle(asking?.version ?? 0)}
            confirmLabel={asking === 'discard' ? DESIGN_CONFIRM.discard : DESIGN_CONFIRM.restore(asking?.version ?? 0)}
            danger
            onCancel={() => setAsking(undefined)}
            onConfirm={() => {
              const asked = asking;
              setAsking(undefined);
              if (asked === 'discard') void act('discard', draft.discard, DESIGN_PAGE.discarded);
              else if (asked) void act('restore', () => draft.restore(asked.id), DESIGN_PAGE.restoredVersion(asked.version));
            }}
          >
            <p className="confirm-dialog__text">{asking === 'discard' ? DESIGN_CONFIRM.discardText : DESIGN_CONFIRM.restoreText(asking?.version ?? 0)}</p>
          </ConfirmDialog>
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
