import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';

interface ErrorBody {
  statusCode: number;
  message: string;
  [detail: string]: unknown;
}

/** Body-parser errors carry an HTTP status of their own; anything else unknown is a server fault. */
const clientErrorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown; type?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
};

const CLIENT_ERROR_TEXTS: Record<number, string> = {
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request is too large.',
  [HttpStatus.BAD_REQUEST]: 'The request body is not valid JSON.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Send the request body as application/json.',
};

/** Every error leaves as JSON with a status code and a message a person can read. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : exception);
    if (response.headersSent) return;
    // A refusal that says how long to wait says it in the standard header as well.
    if (typeof body.retryAfterSeconds === 'number')
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { statusCode, message: raw };
      // Extra details a service attached (field, errors, retryAfterSeconds…) pass through; Nest's `error` label does not.
      const { message, statusCode: _status, error: _label, ...details } = raw as Record<string, unknown>;
      const text = Array.isArray(message) ? message.join('; ') : String(message ?? exception.message);
      return { statusCode, message: text, ...details };
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus) {
      return {
        statusCode: clientStatus,
        message: CLIENT_ERROR_TEXTS[clientStatus] ?? 'The request could not be read.',
      };
    }
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side.' };
  }
}
