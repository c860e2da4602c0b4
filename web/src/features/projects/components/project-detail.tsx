import { AnswerRateLine } from '../../../components/listings/answer-rate-line';
import { FreshnessLine } from '../../../components/listings/freshness-line';
import type { ProjectView, PublicUser } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { DetailLoadFailed } from '../../../components/listings/detail-not-found';
import {
  DetailGroup,
  DetailPage,
  DetailText,
  TagChips,
  TextLines,
  toolLabels,
  workingTypes,
} from '../../../components/listings/detail-parts';
import { useArrivedWhy, WhyThisMatch } from '../../../components/listings/why-this-match';
import { Spinner } from '../../../components/ui/spinner';
import { formatStoredDate } from '../../../lib/dates';
import { availabilityRangeText, hoursPerWeek } from '../../../lib/display';
import { useOwnership } from '../../../lib/ownership';
import { projectQuery } from '../api/projects.api';

export const PROJECT_LOAD_FAILED = "We couldn't load this project right now. Please try again in a moment.";

export const ProjectDetailScreen = ({ id }: { id: string }) => {
  const detail = useQuery(projectQuery(id));
  if (detail.isPending) return <Spinner label="Loading the project..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Project not found"
        back="/projects"
        backLabel="Browse projects"
        failedMessage={PROJECT_LOAD_FAILED}
      />
    );
  }
  return <ProjectDetail project={detail.data.project} creator={detail.data.project_creator} />;
};

const deadlineText = ({ deadline, deadlineFrom, deadlineTo }: ProjectView): string | null => {
  const from = formatStoredDate(deadlineFrom);
  const to = formatStoredDate(deadlineTo);
  if (from || to) return `${from ?? '…'} – ${to ?? '…'}`;
  const until = formatStoredDate(deadline);
  return until && `Until ${until}`;
};

const engagementText = ({ weeklyEngagement }: ProjectView): string | null => {
  if (weeklyEngagement?.from === undefined && weeklyEngagement?.to === undefined) return null;
  return `${weeklyEngagement.from ?? 0}–${weeklyEngagement.to ?? 100} hours per week`;
};

const unique = (...lists: (readonly string[] | undefined)[]) => [
  ...new Set(lists.flatMap((list) => list ?? [])),
];

/** Every group of a project, the owner's Edit Profile, or Save and the message box. */
const ProjectDetail = ({ project, creator }: { project: ProjectView; creator: PublicUser }) => {
  const why = useArrivedWhy();
  const own = useOwnership().ownsProject(project._id);
  return (
    <DetailPage
      kind="Project"
      titleId="project-title"
      title={project.projectName}
      ownerName={creator.username}
      own={own}
      editHref={`/project/editProject/${project._id}`}
      save={{ kind: 'project', itemId: project._id, saved: project.isSaved ?? false }}
      message={{ recipientId: creator._id, variant: 'project' }}
      report={{ targetKind: 'project', targetId: project._id, ownerName: creator.username }}
    >
      <div className="detail__body">
        <FreshnessLine lastActiveAt={project.lastActiveAt} openNow={project.openNow} />
        <AnswerRateLine userId={project.ownerId} className="detail__answers" />
        {why && <WhyThisMatch why={why} />}
        <DetailText title="Description" text={project.description} />
        <DetailText title="Project goal" text={project.projectGoal} />
      </div>
      <dl className="detail__groups">
        <DetailGroup title="Deadline">
          <TextLines lines={[deadlineText(project)]} />
        </DetailGroup>
        <DetailGroup title="Availability">
          <TextLines lines={[hoursPerWeek(project.availability), availabilityRangeText(project)]} />
        </DetailGroup>
        <DetailGroup title="Location">
          <TagChips items={unique(project.baseLocation, project.locations)} />
        </DetailGroup>
        <DetailGroup title="Weekly engagement">
          <TextLines lines={[engagementText(project)]} />
        </DetailGroup>
        <DetailGroup title="Working type">
          <TagChips items={workingTypes(project)} />
        </DetailGroup>
        <DetailGroup title="Role distribution">
          <TextLines
            lines={[
              `Business ${project.bizRole}% · Tech ${project.techRole}%`,
              project.bizPosition && `Business position: ${project.bizPosition}`,
              project.techPosition && `Tech position: ${project.techPosition}`,
            ]}
          />
        </DetailGroup>
        <DetailGroup title="Project type">
          <TagChips items={project.projectType} />
        </DetailGroup>
        <DetailGroup title="Product type">
          <TagChips items={project.productType} />
        </DetailGroup>
        <DetailGroup title="Area of expertise">
          <TagChips items={project.areaOfExpertise} />
        </DetailGroup>
        <DetailGroup title="Sector details">
          <TextLines lines={[project.sectorDetails]} />
        </DetailGroup>
        <DetailGroup title="Reward">
          <TagChips items={project.offeredGratification} />
        </DetailGroup>
        <DetailGroup title="Compensation basis">
          <TagChips items={project.forGratification} />
        </DetailGroup>
        <DetailGroup title="Soft skills">
          <TagChips items={project.softSkills} />
        </DetailGroup>
        <DetailGroup title="Target roles">
          <TagChips items={project.hardSkills} />
        </DetailGroup>
        <DetailGroup title="Personal assets">
          <TagChips items={project.personalAssets} />
        </DetailGroup>
        <DetailGroup title="Required languages">
          <TagChips items={unique(project.speakingLanguagesRequired, project.usedLanguages)} />
        </DetailGroup>
        <DetailGroup title="Tools">
          <TagChips items={toolLabels(project.toolsExperience)} />
        </DetailGroup>
      </dl>
    </DetailPage>
  );
};
