import 'pdfjs-dist/web/pdf_viewer.css';
import HighlightIcon from '@mui/icons-material/BorderColor';
import BrushIcon from '@mui/icons-material/Brush';
import ImageIcon from '@mui/icons-material/Image';
import NearMeIcon from '@mui/icons-material/NearMe';
import RedoIcon from '@mui/icons-material/Redo';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import UndoIcon from '@mui/icons-material/Undo';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Alert,
  Box,
  CircularProgress,
  Divider,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  AnnotationEditorParamsType,
  AnnotationEditorType,
  GlobalWorkerOptions,
  getDocument,
  type PageViewport,
  type PDFDocumentProxy,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { documentTexts as t } from '../../../i18n/documents';
import { isStampImageType, STAMP_IMAGE_TYPES } from './editorLimits';
import { boxFromDrag, MIN_PICK_SIZE_PX, type PdfRect, pdfRectToViewBox, viewBoxToPdfRect } from './geometry';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js run-time files, served by the app itself (see vite.config.ts). */
const PDFJS_ASSETS = {
  cMapUrl: '/pdfjs/cmaps/',
  cMapPacked: true,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  wasmUrl: '/pdfjs/wasm/',
} as const;

type EditorMode = 'none' | 'freetext' | 'highlight' | 'ink' | 'stamp';
const EDITOR_TYPE: Record<EditorMode, number> = {
  none: AnnotationEditorType.NONE,
  freetext: AnnotationEditorType.FREETEXT,
  highlight: AnnotationEditorType.HIGHLIGHT,
  ink: AnnotationEditorType.INK,
  stamp: AnnotationEditorType.STAMP,
};

const ZOOM_STEP = 1.2;
const ZOOM_KEYS: Readonly<Record<string, 'in' | 'out' | 'fit'>> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  '−': 'out',
  '0': 'fit',
};
const TOOLBAR_HEIGHT = 48;

export interface PdfHighlight {
  page: number;
  rect: PdfRect;
}

export interface PdfViewerHandle {
  /** The PDF with all annotations written into it (pdf.js saveDocument). */
  save(): Promise<Uint8Array>;
}

export interface PdfViewerProps {
  data: Uint8Array;
  readOnly: boolean;
  /** A field's source rectangle to show (hover/focus). */
  highlight: PdfHighlight | null;
  /** Rectangle pick mode: the next drawn rectangle is reported through onPick. */
  picking: boolean;
  onPick: (page: number, rect: PdfRect) => void;
  onPickCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  onError?: (message: string) => void;
  /** Receives save(); a plain prop because the viewer is loaded lazily. */
  controllerRef?: Ref<PdfViewerHandle>;
}

/** pdf.js's default highlight colours (web/app_options.js highlightEditorColors); the first is the default. */
const HIGHLIGHT_COLORS =
  'yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F,' +
  'yellow_HCM=#FFFFCC,green_HCM=#53FFBC,blue_HCM=#80EBFF,pink_HCM=#F6B8FF,red_HCM=#C50043';

/** The getter returns the mode number, although pdfjs-dist declares the setter's object. */
const currentMode = (viewer: PDFViewer) => viewer.annotationEditorMode as unknown as number;

interface PageView {
  id: number;
  div: HTMLDivElement;
  viewport: PageViewport;
}

/**
 * The PDF in pdf.js's own viewer (EventBus, PDFLinkService, PDFViewer) with its annotation
 * editor: free text, highlight, ink and stamp. Loaded only with the document screen.
 */
export default function PdfViewer({
  data,
  readOnly,
  highlight,
  picking,
  onPick,
  onPickCancel,
  onDirtyChange,
  onError,
  controllerRef,
}: PdfViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerDivRef = useRef<HTMLDivElement>(null);
  const stampInputRef = useRef<HTMLInputElement>(null);
  const viewerRef = useRef<PDFViewer | null>(null);
  const busRef = useRef<EventBus | null>(null);
  const docRef = useRef<PDFDocumentProxy | null>(null);
  const highlightRef = useRef(highlight);
  highlightRef.current = highlight;
  const callbacks = useRef({ onPick, onPickCancel, onDirtyChange, onError });
  callbacks.current = { onPick, onPickCancel, onDirtyChange, onError };

  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [mode, setMode] = useState<EditorMode>('none');
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [scalePercent, setScalePercent] = useState(100);

  // Load the document and build the viewer (again when the bytes or read-only state change:
  // pdf.js fixes the editor's availability when the viewer is created).
  useEffect(() => {
    const container = containerRef.current;
    const viewerDiv = viewerDivRef.current;
    if (!container || !viewerDiv) return;
    setStatus('loading');
    setMode('none');
    setHistory({ undo: false, redo: false });
    const eventBus = new EventBus();
    const linkService = new PDFLinkService({ eventBus });
    const viewer = new PDFViewer({
      container,
      viewer: viewerDiv,
      eventBus,
      linkService,
      annotationEditorMode: readOnly ? AnnotationEditorType.DISABLE : AnnotationEditorType.NONE,
      // pdf.js's own viewer always passes its highlight colours; without them every highlight
      // editor that is added throws (uiManager.getNonHCMColorName reads a null map). On a fresh
      // page that happens after the mark is drawn, but on a version that already carries a
      // highlight, switching to "Markieren" rebuilds the saved one first, throws, and the editor
      // layer never enters highlight mode: a new drag left no mark.
      annotationEditorHighlightColors: HIGHLIGHT_COLORS,
    });
    linkService.setViewer(viewer);
    viewerRef.current = viewer;
    busRef.current = eventBus;

    eventBus.on('pagesinit', () => {
      viewer.currentScaleValue = 'page-width';
    });
    eventBus.on('scalechanging', ({ scale }: { scale: number }) => setScalePercent(Math.round(scale * 100)));
    eventBus.on('pagerendered', () => drawHighlight());
    eventBus.on(
      'editingstateschanged',
      ({ details }: { details: { hasSomethingToUndo?: boolean; hasSomethingToRedo?: boolean } }) =>
        setHistory({ undo: !!details.hasSomethingToUndo, redo: !!details.hasSomethingToRedo }),
    );

    // pdf.js transfers the buffer to its worker: hand it a copy so the caller's bytes stay usable.
    const task = getDocument({ data: data.slice(), isEvalSupported: false, ...PDFJS_ASSETS });
    let cancelled = false;
    task.promise.then(
      (doc) => {
        if (cancelled) return;
        docRef.current = doc;
        // Typed as null in pdfjs-dist's declarations, but they are the storage's change hooks.
        const storage = doc.annotationStorage as unknown as Record<
          'onSetModified' | 'onResetModified',
          () => void
        >;
        storage.onSetModified = () => callbacks.current.onDirtyChange?.(true);
        storage.onResetModified = () => callbacks.current.onDirtyChange?.(false);
        viewer.setDocument(doc);
        linkService.setDocument(doc);
        setStatus('ready');
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('PDF konnte nicht geöffnet werden', error);
        setStatus('error');
        callbacks.current.onError?.(t.viewer.loadFailed);
      },
    );
    return () => {
      cancelled = true;
      callbacks.current.onDirtyChange?.(false);
      viewerRef.current = null;
      busRef.current = null;
      docRef.current = null;
      viewer.cleanup();
      void task.destroy();
    };
  }, [data, readOnly]);

  /** Draws the highlighted field rectangle into its page (pdf.js re-creates page content on zoom). */
  function drawHighlight() {
    const root = viewerDivRef.current;
    if (!root) return;
    for (const old of root.querySelectorAll('.gewst-field-highlight')) old.remove();
    const h = highlightRef.current;
    const viewer = viewerRef.current;
    if (!h || !viewer || h.page < 1 || h.page > viewer.pagesCount) return;
    const pageView = viewer.getPageView(h.page - 1) as PageView | undefined;
    if (!pageView?.div) return;
    const box = pdfRectToViewBox(pageView.viewport, h.rect);
    const el = document.createElement('div');
    el.className = 'gewst-field-highlight';
    el.dataset.testid = 'field-highlight';
    Object.assign(el.style, {
      position: 'absolute',
      left: `${box.left - 2}px`,
      top: `${box.top - 2}px`,
      width: `${box.width + 4}px`,
      height: `${box.height + 4}px`,
      border: '2px solid #1264af',
      background: 'rgba(18, 100, 175, 0.15)',
      borderRadius: '2px',
      pointerEvents: 'none',
      zIndex: '20',
    });
    pageView.div.append(el);
    return { pageView, box };
  }

  // Show (and scroll to) the highlighted field.
  useEffect(() => {
    if (status !== 'ready') return;
    const drawn = drawHighlight();
    const container = containerRef.current;
    if (!drawn || !container) return;
    const top = drawn.pageView.div.offsetTop + drawn.box.top;
    const visible = top > container.scrollTop + 20 && top < container.scrollTop + container.clientHeight - 40;
    if (!visible)
      container.scrollTo({ top: Math.max(0, top - container.clientHeight / 3), behavior: 'smooth' });
  }, [highlight, status]);

  // Rectangle pick: drag on a page; Escape cancels.
  useEffect(() => {
    const container = containerRef.current;
    if (!picking || !container || status !== 'ready') return;
    if (mode !== 'none' && !readOnly) switchMode('none');
    let drag: { page: PageView; start: { x: number; y: number }; band: HTMLDivElement } | null = null;

    const pointInPage = (page: PageView, e: PointerEvent) => {
      const r = page.div.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0) return;
      const pageDiv = (e.target as Element | null)?.closest<HTMLDivElement>('.page[data-page-number]');
      const viewer = viewerRef.current;
      if (!pageDiv || !viewer) return;
      e.preventDefault();
      e.stopPropagation();
      const page = viewer.getPageView(Number(pageDiv.dataset.pageNumber) - 1) as PageView;
      const band = document.createElement('div');
      band.dataset.testid = 'pick-band';
      Object.assign(band.style, {
        position: 'absolute',
        border: '2px dashed #b71c1c',
        background: 'rgba(183, 28, 28, 0.08)',
        pointerEvents: 'none',
        zIndex: '30',
      });
      page.div.append(band);
      drag = { page, start: pointInPage(page, e), band };
      container.setPointerCapture?.(e.pointerId);
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      e.preventDefault();
      const { width, height } = drag.page.viewport;
      const box = boxFromDrag(drag.start, pointInPage(drag.page, e), { width, height });
      Object.assign(drag.band.style, {
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      });
    };
    const onUp = (e: PointerEvent) => {
      if (!drag) return;
      e.preventDefault();
      e.stopPropagation();
      const { page, start, band } = drag;
      drag = null;
      band.remove();
      const { width, height } = page.viewport;
      const box = boxFromDrag(start, pointInPage(page, e), { width, height });
      if (box.width < MIN_PICK_SIZE_PX || box.height < MIN_PICK_SIZE_PX) return;
      callbacks.current.onPick(page.id, viewBoxToPdfRect(page.viewport, box));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        drag?.band.remove();
        drag = null;
        callbacks.current.onPickCancel();
      }
    };
    container.addEventListener('pointerdown', onDown, true);
    container.addEventListener('pointermove', onMove, true);
    container.addEventListener('pointerup', onUp, true);
    document.addEventListener('keydown', onKey);
    return () => {
      drag?.band.remove();
      container.removeEventListener('pointerdown', onDown, true);
      container.removeEventListener('pointermove', onMove, true);
      container.removeEventListener('pointerup', onUp, true);
      document.removeEventListener('keydown', onKey);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pdf.js objects and callbacks live in refs
  }, [picking, status]);

  /** Switches pdf.js's editor mode; resolves when pdf.js reports the new mode. */
  function switchMode(next: EditorMode): Promise<void> {
    const viewer = viewerRef.current;
    const bus = busRef.current;
    setMode(next);
    if (!viewer || !bus || readOnly || currentMode(viewer) === EDITOR_TYPE[next]) return Promise.resolve();
    return new Promise((resolve) => {
      const done = ({ mode: m }: { mode: number }) => {
        if (m !== EDITOR_TYPE[next]) return;
        bus.off('annotationeditormodechanged', done);
        resolve();
      };
      bus.on('annotationeditormodechanged', done);
      viewer.annotationEditorMode = { mode: EDITOR_TYPE[next] };
      // pdf.js reports nothing when switching to NONE from NONE-like states; do not hang.
      setTimeout(() => {
        bus.off('annotationeditormodechanged', done);
        resolve();
      }, 1500);
    });
  }

  async function addStamp(file: File) {
    if (!isStampImageType(file.type)) {
      callbacks.current.onError?.(t.viewer.stampTypeRefused(file.type || file.name));
      return;
    }
    await switchMode('stamp');
    busRef.current?.dispatch('switchannotationeditorparams', {
      source: null,
      type: AnnotationEditorParamsType.CREATE,
      value: { bitmapFile: file },
    });
  }

  useImperativeHandle(
    controllerRef,
    () => ({
      async save() {
        const doc = docRef.current;
        if (!doc) throw new Error(t.viewer.notLoaded);
        // Leaving edit mode commits an editor that is still being typed or drawn in.
        await switchMode('none');
        return doc.saveDocument();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pdf.js objects and callbacks live in refs
    [],
  );

  const zoom = (factor: number) => {
    const viewer = viewerRef.current;
    if (viewer) viewer.currentScale = Math.min(4, Math.max(0.25, viewer.currentScale * factor));
  };
  const fitWidth = () => {
    const viewer = viewerRef.current;
    if (viewer) viewer.currentScaleValue = 'page-width';
  };
  /** Keyboard zoom while the page has the focus: + larger, − smaller, 0 the page's width. */
  const onZoomKey = (e: ReactKeyboardEvent<HTMLElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const action = ZOOM_KEYS[e.key];
    if (!action) return;
    e.preventDefault();
    if (action === 'fit') fitWidth();
    else zoom(action === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP);
  };

  return (
    <Box sx={{ position: 'relative', height: '100%', minHeight: 400, bgcolor: 'grey.200' }}>
      <Box
        role="toolbar"
        aria-label={t.viewer.toolbar}
        sx={{
          height: TOOLBAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          overflowX: 'auto',
        }}
      >
        {readOnly ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
            {t.viewer.readOnly}
          </Typography>
        ) : (
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={mode}
              disabled={status !== 'ready'}
              onChange={(_e, value: EditorMode | null) => {
                if (value === 'stamp') stampInputRef.current?.click();
                else if (value) void switchMode(value);
              }}
              aria-label={t.viewer.editorModes}
            >
              <ToggleButton value="none" aria-label={t.viewer.modes.none}>
                <Tooltip title={t.viewer.modes.none}>
                  <NearMeIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="freetext" aria-label={t.viewer.modes.freetext}>
                <Tooltip title={t.viewer.modes.freetext}>
                  <TextFieldsIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="highlight" aria-label={t.viewer.modes.highlight}>
                <Tooltip title={t.viewer.modes.highlight}>
                  <HighlightIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="ink" aria-label={t.viewer.modes.ink}>
                <Tooltip title={t.viewer.modes.ink}>
                  <BrushIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="stamp" aria-label={t.viewer.modes.stamp}>
                <Tooltip title={t.viewer.modes.stampHint}>
                  <ImageIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
            </ToggleButtonGroup>
            <input
              ref={stampInputRef}
              type="file"
              hidden
              accept={STAMP_IMAGE_TYPES.join(',')}
              data-testid="stamp-file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void addStamp(file);
              }}
            />
            <Divider orientation="vertical" flexItem />
            <Tooltip title={t.viewer.undo}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t.viewer.undo}
                  disabled={!history.undo}
                  onClick={() => busRef.current?.dispatch('editingaction', { source: null, name: 'undo' })}
                >
                  <UndoIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t.viewer.redo}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t.viewer.redo}
                  disabled={!history.redo}
                  onClick={() => busRef.current?.dispatch('editingaction', { source: null, name: 'redo' })}
                >
                  <RedoIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {picking ? (
          // Shown in the toolbar, not over the page, so it never covers what is to be picked.
          <Typography variant="body2" color="primary" sx={{ fontWeight: 500, px: 1 }} data-testid="pick-hint">
            {t.viewer.pickHint}
          </Typography>
        ) : null}
        <Tooltip title={t.viewer.fitWidthHint}>
          <IconButton size="small" aria-label={t.viewer.fitWidth} onClick={fitWidth}>
            <FitScreenIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t.viewer.zoomOut}>
          <IconButton size="small" aria-label={t.viewer.zoomOut} onClick={() => zoom(1 / ZOOM_STEP)}>
            <ZoomOutIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Typography
          variant="body2"
          sx={{ minWidth: 44, textAlign: 'center' }}
          aria-live="polite"
          data-testid="zoom-percent"
        >
          {scalePercent} %
        </Typography>
        <Tooltip title={t.viewer.zoomIn}>
          <IconButton size="small" aria-label={t.viewer.zoomIn} onClick={() => zoom(ZOOM_STEP)}>
            <ZoomInIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {/* pdf.js requires an absolutely positioned scroll container. */}
      <Box
        ref={containerRef}
        data-testid="pdf-container"
        // focusable so the arrow keys scroll the page and + / − / 0 zoom
        tabIndex={0}
        role="region"
        aria-label={t.viewer.region}
        onKeyDown={onZoomKey}
        sx={{
          position: 'absolute',
          top: TOOLBAR_HEIGHT,
          left: 0,
          right: 0,
          bottom: 0,
          overflow: 'auto',
          cursor: picking ? 'crosshair' : undefined,
          '& .page': { cursor: picking ? 'crosshair' : undefined },
          // While picking, a drag draws the rectangle instead of selecting text or annotations.
          ...(picking
            ? {
                userSelect: 'none',
                '& .textLayer, & .annotationLayer, & .annotationEditorLayer': { pointerEvents: 'none' },
              }
            : {}),
        }}
      >
        <div ref={viewerDivRef} className="pdfViewer" />
      </Box>
      {status === 'loading' ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <CircularProgress aria-label={t.viewer.loading} />
        </Box>
      ) : null}
      {status === 'error' ? (
        <Alert severity="error" sx={{ position: 'absolute', top: TOOLBAR_HEIGHT + 16, left: 16, right: 16 }}>
          {t.viewer.loadFailed}
        </Alert>
      ) : null}
    </Box>
  );
}
