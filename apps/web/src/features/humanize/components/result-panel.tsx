import { CheckIcon, CopyIcon, FeatherIcon, FileDiffIcon, PencilIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  RESULT_MSG,
  aimLine,
  type HumanizeOutcome,
  costLine,
  type HumanizeOutput,
  type ScoredSentence,
} from '@plainspoken/shared';
import { DownloadMenu } from '@/components/documents/download-menu';
import { ModelVersionPanel } from '@/components/result/model-version-panel';
import { ScoreLegend } from '@/components/score/score-legend';
import { HighlightedText } from '@/components/text/highlighted-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { server } from '@/lib/api';
import { isApiError } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';
import { subscriptionKeys } from '@/lib/subscription';
import type { HighlightLevel } from '@/lib/score';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';
import { saveEdit } from '../api/result-editing';
import { phraseDiff } from '../lib/phrase-diff';
import type { HumanizeResult } from '../lib/use-humanizer';
import { MeaningReport } from './meaning-report';
import { ScoreMeter } from './score-meter';
import { OutsideScorecard } from '@/components/score/outside-scorecard';
import { SentenceRewriter } from './sentence-rewriter';

/** What the rewrite did, in the user's terms. */
export function EngineBadge({ outcome, engine }: { outcome?: HumanizeOutcome; engine: HumanizeOutput['engine'] }) {
  const kind = outcome ?? (engine === 'model' ? 'model' : 'light-edit');
  if (kind === 'model') {
    return (
      <Badge variant="accent" data-testid="engine-badge">
        <SparklesIcon aria-hidden="true" />
        Full rewrite
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" data-testid="engine-badge">
      <FeatherIcon aria-hidden="true" />
      {kind === 'unchanged' ? 'No changes' : 'Light edit'}
    </Badge>
  );
}

/** On the home card only flagged sentences are marked: the rewrite is done, these are the ones to edit. */
const flaggedOnly = (s: ScoredSentence): HighlightLevel => (s.flagged ? 'high' : 'none');

export function ResultPanel({
  result,
  onUpdate,
}: {
  result: HumanizeResult;
  /** The result after the user edited it or picked a sentence alternative. */
  onUpdate?: (output: HumanizeOutput, edited: boolean) => void;
}) {
  const { output, original } = result;
  const qc = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(output.humanized_text);
  const [checking, setChecking] = useState(false);
  const [tab, setTab] = useState('rewrite');
  const id = output.transformation_id;

  /** Saves the edited text (the server re-scores it for free) and shows it as the result. */
  async function commit(text: string): Promise<void> {
    if (!id) {
      onUpdate?.({ ...output, humanized_text: text, sentences_after: [] }, true);
      return;
    }
    setChecking(true);
    try {
      const r = await saveEdit(id, text);
      onUpdate?.(
        {
          ...output,
          humanized_text: r.transformed_text,
          score_after: r.score_after,
          sentences_after: r.sentences_after,
          summary: RESULT_MSG.checkedAgain,
        },
        true,
      );
      setEditing(false);
      void qc.invalidateQueries({ queryKey: [keyRoots.transformations] });
    } catch (e) {
      notifyError({ title: 'Could not check the edited text', description: isApiError(e) ? e.message : undefined });
      throw e;
    } finally {
      setChecking(false);
    }
  }
  const sentences = output.sentences_after ?? [];
  const flaggedCount = sentences.filter((s) => s.flagged).length;

  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);

  async function onCopy() {
    try {
      await copyText(output.humanized_text);
      setCopied(true);
      notifySuccess({ title: MSG.copied });
    } catch {
      notifyError({ title: MSG.copyFailed, description: 'Select the text and copy it with Ctrl+C.' });
    }
  }

  return (
    <section aria-label="Result" className="grid min-w-0 content-start gap-3" data-testid="result-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold">Result</h2>
          <EngineBadge outcome={output.outcome} engine={output.engine} />
          {/* What the result cost, on every result: the ledger's figure (a reopened entry's too). */}
          <Badge variant="outline" data-testid="result-cost">
            {costLine(output.words_charged)}
          </Badge>
          {result.edited && (
            <Badge variant="outline" data-testid="edited-badge">
              <PencilIcon aria-hidden="true" />
              {RESULT_MSG.editedMark}
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!editing && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setDraft(output.humanized_text);
                setEditing(true);
                setTab('rewrite');
              }}
              data-testid="edit-result"
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          )}
          <DownloadMenu text={output.humanized_text} />
          {id && (
            <Button asChild size="sm" variant="outline">
              <a
                href={server.api.transformations[':id']['export.docx'].$path({
                  param: { id: id },
                  query: { changes: 'tracked' },
                })}
                download
                data-testid="download-tracked"
              >
                <FileDiffIcon aria-hidden="true" />
                {RESULT_MSG.trackedDownload}
              </a>
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onCopy} aria-label={copied ? 'Copied!' : 'Copy result'}>
            {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
      </div>
      {output.summary && (
        <p className="text-sm text-pretty text-muted-foreground" data-testid="result-summary">
          {output.summary}
        </p>
      )}
      {/* The detector Deep aimed at and its score of the rewrite as written (an edit is not what it scored). */}
      {output.aim && !result.edited && (
        <p className="text-sm font-medium text-pretty" data-testid="aim-result">
          {aimLine(output.aim)}
        </p>
      )}
      {output.notes && output.notes.length > 0 && (
        <ul className="grid gap-1 text-sm text-pretty text-muted-foreground" data-testid="result-notes">
          {output.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}

      <Tabs value={tab} onValueChange={setTab} className="grid gap-3">
        <TabsList className="justify-self-start">
          <TabsTrigger value="rewrite">Rewrite</TabsTrigger>
          <TabsTrigger value="changes">What changed</TabsTrigger>
          <TabsTrigger value="sentences" disabled={editing} data-testid="sentences-tab">
            One sentence
          </TabsTrigger>
        </TabsList>
        <TabsContent value="rewrite">
          {editing ? (
            <div className="grid gap-2" data-testid="result-editor">
              <Textarea
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                aria-label="Edit the result"
                className="min-h-60 leading-relaxed"
                data-testid="result-edit-text"
                spellCheck
              />
              <div className="flex flex-wrap items-center justify-end gap-2">
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={checking}>
                  Cancel
                </Button>
                <Button
                  size="sm"
                  onClick={() => void commit(draft).catch(() => undefined)}
                  disabled={checking || !draft.trim()}
                  data-testid="check-again"
                >
                  {checking && <Spinner />}
                  Check again
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                Check again saves your edit to the history and scores it again. It costs no words.
              </p>
            </div>
          ) : (
            <HighlightedText
              text={output.humanized_text}
              sentences={sentences}
              levelFor={flaggedOnly}
              className="min-h-40 rounded-lg sm:max-h-[28rem] sm:overflow-y-auto border bg-card px-3 py-2 text-base leading-relaxed sm:text-sm sm:leading-relaxed"
              data-testid="result-text"
            />
          )}
          {!editing && sentences.length > 0 && (
            <div className="mt-2 grid gap-1.5">
              <p className="text-xs text-muted-foreground" data-testid="flagged-note">
                {flaggedCount === 0
                  ? 'No sentence stands out as machine-written by our estimate.'
                  : `${flaggedCount} highlighted ${flaggedCount === 1 ? 'sentence still reads' : 'sentences still read'} as AI-written by our estimate. Hover, tap or tab to ${flaggedCount === 1 ? 'it' : 'one'} to see why, and consider editing ${flaggedCount === 1 ? 'it' : 'them'} by hand.`}
              </p>
              {flaggedCount > 0 && <ScoreLegend levels={['high']} />}
            </div>
          )}
        </TabsContent>
        <TabsContent value="changes">
          <ChangesView before={original} after={output.humanized_text} />
        </TabsContent>
        <TabsContent value="sentences">
          <SentenceRewriter
            transformationId={id}
            text={output.humanized_text}
            sentences={sentences}
            onChoose={commit}
            onCharged={() => void qc.invalidateQueries({ queryKey: subscriptionKeys.all })}
          />
        </TabsContent>
      </Tabs>

      {/* The model's rewrite not used because it did not score lower (decision 0059): free to look at and copy. */}
      {output.alternative && <ModelVersionPanel alternative={output.alternative} />}

      <ScoreMeter before={output.score_before} after={output.score_after} />
      {/* An answer stored before the report existed (a replayed request) has none. */}
      {output.meaning && (
        <MeaningReport
          meaning={output.meaning}
          original={original}
          result={output.humanized_text}
          edited={result.edited === true}
        />
      )}
      {output.detectors_after && output.detectors_after.length > 0 && (
        <OutsideScorecard
          ours={output.score_after}
          oursBefore={output.score_before}
          detectors={output.detectors_after}
          before={output.detectors_before ?? []}
        />
      )}
    </section>
  );
}

/** The phrase diff with every space and line break kept (only built when the tab is opened). */
function ChangesView({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => phraseDiff(before, after), [before, after]);
  return (
    <div className="grid gap-2">
      <div
        className="min-h-40 rounded-lg sm:max-h-[28rem] sm:overflow-y-auto border bg-card px-3 py-2 text-base leading-relaxed whitespace-pre-wrap wrap-break-word sm:text-sm sm:leading-relaxed"
        data-testid="result-diff"
      >
        {parts.map((p, i) =>
          p.kind === 'added' ? (
            <ins key={i} className="rounded-sm bg-success/15 text-foreground no-underline">
              {p.value}
            </ins>
          ) : p.kind === 'removed' ? (
            <del key={i} className="rounded-sm bg-destructive/10 text-muted-foreground">
              {p.value}
            </del>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Diff key">
        <li className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-5 rounded-sm bg-success/25" aria-hidden="true" />
          Added
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-5 rounded-sm bg-destructive/15" aria-hidden="true" />
          <span>Removed (struck through)</span>
        </li>
      </ul>
    </div>
  );
}
