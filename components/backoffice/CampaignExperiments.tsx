import { useRef, useState } from 'react';
import Link from 'next/link';
import Router from 'next/router';
import type { StudioVersionView } from '@/lib/campaigns/studioViews';
import type { Experiment } from '@/lib/experiments/experiment';
import { CampaignExperimentLive } from './CampaignExperimentLive';
import { CampaignExperimentStart } from './CampaignExperimentStart';
import { careWhen } from './careWords';
import styles from './BackOffice.module.css';

/** The funnel report of the campaign, where each variant's figures are side by side. */
export const experimentReportPath = (campaignId: string) => `/admin/funnel?campaign=${encodeURIComponent(campaignId)}`;

/** The experiments as loaded, with those this page has started or changed since in their place. */
function merged(loaded: readonly Experiment[], answered: readonly Experiment[]): Experiment[] {
  const changed = new Map(answered.map((experiment) => [experiment.id, experiment]));
  const started = answered.filter((experiment) => !loaded.some((one) => one.id === experiment.id));
  return [...started, ...loaded.map((experiment) => changed.get(experiment.id) ?? experiment)];
}

/**
 * The campaign page's A/B tests (issue 41): the one running or paused, or the form that
 * starts one; the report; and those stopped. After each change the page's data is loaded
 * again (a stop publishes a new version, which the versions above list).
 */
export function CampaignExperiments({
  campaignId,
  versions,
  experiments: loaded,
}: {
  campaignId: string;
  /** The newest first. */
  versions: readonly StudioVersionView[];
  /** The newest first. */
  experiments: readonly Experiment[];
}) {
  const [answered, setAnswered] = useState<Experiment[]>([]);
  // New props (the page loaded again) are the server's word: what this page was answered is in them.
  const [loadedSeen, setLoadedSeen] = useState(loaded);
  if (loadedSeen !== loaded) {
    setLoadedSeen(loaded);
    setAnswered([]);
  }
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const experiments = merged(loaded, answered);
  const live = experiments.find((experiment) => experiment.status !== 'stopped') ?? null;
  const past = experiments.filter((experiment) => experiment.status === 'stopped');
  const published = versions.find((version) => version.publishedAt !== null)?.version ?? null;

  const changed = (experiment: Experiment, words: string) => {
    setAnswered((before) => [experiment, ...before.filter((one) => one.id !== experiment.id)]);
    setSaid(words);
    // Started or stopped, the panel acted on is gone: the section's heading keeps the focus in it.
    const panelGone = experiment.status === 'stopped' || experiment.id !== live?.id;
    if (panelGone) heading.current?.focus();
    void Router.replace(Router.asPath, undefined, { scroll: false });
  };

  return (
    <section className={styles.card} aria-labelledby="experiments-title">
      <h2 id="experiments-title" ref={heading} tabIndex={-1}>
        Experiments
      </h2>
      <p>
        An A/B test shows each visitor who accepts analytics one of the campaign’s saved versions, always the same one, against the
        published version. Orders and funnel events carry the variant.
      </p>
      {experiments.length > 0 && (
        <p>
          <Link className={styles.link} href={experimentReportPath(campaignId)}>
            See the experiment&apos;s report
          </Link>
        </p>
      )}
      {/* Always there, so that what a change did is read out. */}
      <p role="status" className={said ? styles.notice : undefined}>
        {said}
      </p>
      {live ? (
        <CampaignExperimentLive key={live.id} experiment={live} onChanged={changed} />
      ) : (
        <CampaignExperimentStart
          // The control is the published version: a new one (a stop publishes one) makes a new form.
          key={published ?? 'none'}
          campaignId={campaignId}
          versions={versions}
          onStarted={(experiment) => changed(experiment, `The experiment “${experiment.name}” is running.`)}
        />
      )}
      {past.length > 0 && (
        <>
          <h3>Past experiments</h3>
          <ul className={styles.events}>
            {past.map((experiment) => (
              <li key={experiment.id}>
                <strong>{experiment.name}</strong>, {careWhen(experiment.startedAt)} to {careWhen(experiment.stoppedAt)}:{' '}
                {experiment.winnerKey
                  ? `kept variant ${experiment.winnerKey}, published as version ${experiment.winnerVersion}`
                  : 'stopped without a winner'}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
