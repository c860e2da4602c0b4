import { answerRateLine } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { answerRateQuery } from '../../lib/answer-rates';

/** "Usually answers within a day", once the owner has had enough first contacts to tell; nothing before. */
export const AnswerRateLine = ({ userId, className }: { userId: string; className: string }) => {
  const rate = useQuery(answerRateQuery(userId));
  if (!rate.data) return null;
  return <p className={className}>{answerRateLine(rate.data)}</p>;
};
