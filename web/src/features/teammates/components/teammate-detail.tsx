import type { PublicUser, TeammateView } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { DetailNotFound, isMissingItem } from '../../../components/listings/detail-not-found';
import {
  DetailGroup,
  DetailText,
  TagChips,
  TextLines,
  toolLabels,
  workingTypes,
} from '../../../components/listings/detail-parts';
import { MessageOwnerSlot } from '../../../components/listings/message-owner-slot';
import { SaveButton } from '../../../components/listings/save-button';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { availabilityRangeText, hoursPerWeek, monthsText } from '../../../lib/display';
import { useOwnership } from '../../../lib/ownership';
import { teammateQuery } from '../api/teammates.api';

export const TEAMMATE_LOAD_FAILED = "We couldn't load this profile right now. Please try again in a moment.";

export const TeammateDetailScreen = ({ id }: { id: string }) => {
  const detail = useQuery(teammateQuery(id));
  if (detail.isPending) return <Spinner label="Loading the profile..." />;
  if (detail.isError) {
    return isMissingItem(detail.error) ? (
      <DetailNotFound title="Skiller profile not found" back="/teammates" backLabel="Browse teammates" />
    ) : (
      <Notice tone="error">{TEAMMATE_LOAD_FAILED}</Notice>
    );
  }
  return <TeammateDetail teammate={detail.data.teammate} owner={detail.data.teammate_creator} />;
};

/** Spec section 2: every group of a profile, the owner's Edit Profile, or Save and the message box. */
const TeammateDetail = ({ teammate, owner }: { teammate: TeammateView; owner: PublicUser }) => {
  const ownership = useOwnership();
  const own = ownership.ownsTeammate(teammate._id);
  return (
    <article className="detail" aria-labelledby="teammate-title">
      <header className="detail__header">
        <div className="detail__heading">
          <p className="detail__kind">Skiller</p>
          <h1 id="teammate-title" className="detail__title">
            {teammate.nickname}
          </h1>
        </div>
        <div className="detail__actions">
          {own ? (
            <ButtonLink to={`/teammates/editTeammate/${teammate._id}`}>Edit Profile</ButtonLink>
          ) : (
            ownership.known && (
              <SaveButton kind="teammate" itemId={teammate._id} saved={teammate.isMyTeammate ?? false} />
            )
          )}
        </div>
      </header>
      <DetailText title="Description" text={teammate.description} />
      <dl className="detail__groups">
        <DetailGroup title="Availability">
          <TextLines lines={[hoursPerWeek(teammate.availability), availabilityRangeText(teammate)]} />
        </DetailGroup>
        <DetailGroup title="Locations">
          <TagChips items={teammate.locations} />
        </DetailGroup>
        <DetailGroup title="Working type">
          <TagChips items={workingTypes(teammate)} />
        </DetailGroup>
        <DetailGroup title="Collaboration duration">
          <TextLines lines={[monthsText(teammate.deadline)]} />
        </DetailGroup>
        <DetailGroup title="Project type">
          <TagChips items={teammate.projectType} />
        </DetailGroup>
        <DetailGroup title="Industry">
          <TagChips items={teammate.areaOfExpertise} />
        </DetailGroup>
        <DetailGroup title="Product type">
          <TagChips items={teammate.productType} />
        </DetailGroup>
        <DetailGroup title="Reward">
          <TagChips items={teammate.reward} />
        </DetailGroup>
        <DetailGroup title="Compensation basis">
          <TagChips items={teammate.compensationBasis} />
        </DetailGroup>
        <DetailGroup title="Tools">
          <TagChips items={toolLabels(teammate.toolsExperience)} />
        </DetailGroup>
        <DetailGroup title="Soft skills">
          <TagChips items={teammate.softSkills} />
        </DetailGroup>
        <DetailGroup title="Hard skills">
          <TagChips items={teammate.hardSkills} />
        </DetailGroup>
        <DetailGroup title="Languages">
          <TagChips items={teammate.usedLanguages} />
        </DetailGroup>
        <DetailGroup title="Skills orientation">
          <TextLines
            lines={[
              teammate.skillsOrientation.join(' and '),
              `Business ${teammate.bizRole}% · Tech ${teammate.techRole}%`,
            ]}
          />
        </DetailGroup>
      </dl>
      {!own && ownership.known && <MessageOwnerSlot recipientId={owner._id} variant="teammate" />}
    </article>
  );
};
